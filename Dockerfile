# Dockerfile — quire's render server and hosted front (one image; the command picks). Stage 1 builds
# dist/ with the dev toolchain; stage 2 is a slim runtime with production dependencies only, running
# as the unprivileged `node` user. Node 24 is the active LTS (maintained until April 2028).
#   docker build --build-arg QUIRE_COMMIT=$(git rev-parse --short HEAD) -t quire .
#   docker run --rm -p 127.0.0.1:8080:8080 quire
# test/dockerfile.test.ts copies exactly what the COPY lines name and builds and serves from it, so a
# source folder missing here fails a test rather than `docker build`.
FROM node:24-trixie-slim AS build
# better-sqlite3 (the hosted store, an optional dependency) compiles when no prebuilt binary exists
# for this Node; the toolchain stays in this stage.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: `prepare` would build before the sources are here; the one native install runs after
RUN npm ci --ignore-scripts && npm rebuild better-sqlite3
COPY tsconfig.json tsup.config.ts ./
# build-time stand-ins tsup puts in the bundle for two of fontkit's imports (issue 21)
COPY tools/bundle ./tools/bundle
COPY types ./types
# the JSON Schema: read by the reader (unknown-key remarks), served by the front (/schema.json)
COPY schema ./schema
COPY ir ./ir
COPY engines ./engines
COPY verifier ./verifier
COPY passes ./passes
COPY src ./src
# no declarations: the image runs dist/, it does not publish types
RUN QUIRE_NO_DTS=1 npx tsup
RUN npm prune --omit=dev

FROM node:24-trixie-slim AS runtime
# The build number carries the commit when the builder passes it (x-svc-version, /health).
ARG QUIRE_COMMIT=
ENV NODE_ENV=production QUIRE_COMMIT=$QUIRE_COMMIT
# Loopback unless told (issue 20): the server honours x-svc-client only from loopback or the fronts in
# QUIRE_TRUSTED_FRONTS. Run it with --network host beside the front, or -e HOST=0.0.0.0 with the port
# published on the host's loopback and QUIRE_TRUSTED_FRONTS naming the front's address.
ENV HOST=127.0.0.1 PORT=8080
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM (docker stop) drains: no new calls, the ones in flight finish within the grace period.
STOPSIGNAL SIGTERM
CMD ["node", "dist/cli.js", "serve"]
