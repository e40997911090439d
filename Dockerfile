# Dockerfile — quire's render server. Stage 1 builds dist/ with the dev toolchain; stage 2 is a slim
# runtime with production dependencies only, running as the unprivileged `node` user.
#   docker build --build-arg QUIRE_COMMIT=$(git rev-parse --short HEAD) -t quire .
#   docker run --rm -p 127.0.0.1:8080:8080 quire
FROM node:20-bookworm-slim AS build
# better-sqlite3 (the hosted store) compiles when no prebuilt binary can be fetched.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsup.config.ts ./
COPY types ./types
COPY ir ./ir
COPY engines ./engines
COPY verifier ./verifier
COPY passes ./passes
COPY src ./src
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
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
