#!/usr/bin/env sh
# tools/install-test-deps.sh — installs the Debian tools the tests check our PDFs with (tools nobody
# here wrote): qpdf, poppler (pdftotext, pdffonts, pdfinfo…), MuPDF, Ghostscript, jpegtran (progressive
# JPEGs for the image tests), fonts for the script tests and Apache PDFBox Preflight, plus PostgreSQL and Chromium for the hosted
# service's tests and a C++ toolchain for better-sqlite3. Skips what is already there; needs root (CI
# runs as root) when something is missing.
set -eu
need=""
command -v qpdf >/dev/null 2>&1 || need="$need qpdf"
command -v pdftotext >/dev/null 2>&1 || need="$need poppler-utils"
# pdfsig (poppler-utils, NSS) judges signatures and OpenSSL prints their CMS (test/signature.test.ts, issue 24)
command -v pdfsig >/dev/null 2>&1 || need="$need poppler-utils"
command -v openssl >/dev/null 2>&1 || need="$need openssl"
command -v mutool >/dev/null 2>&1 || need="$need mupdf-tools"
command -v gs >/dev/null 2>&1 || need="$need ghostscript"
command -v jpegtran >/dev/null 2>&1 || need="$need libjpeg-turbo-progs"
# librsvg's rsvg-convert: the independent SVG renderer test/svg-images.test.ts compares our vectors with
command -v rsvg-convert >/dev/null 2>&1 || need="$need librsvg2-bin"
command -v java >/dev/null 2>&1 || need="$need default-jre-headless"
# Type 1 (.pfb/.afm) and CFF OpenType (.otf) test fonts: URW base 35
[ -r /usr/share/fonts/X11/Type1/NimbusSans-Regular.pfb ] && [ -r /usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf ] || need="$need fonts-urw-base35"
# Noto fonts: Thai and Khmer (line breaking, justification) and Arabic, Hebrew, Devanagari, Bengali,
# Tamil (script extraction); Droid Sans Fallback for Chinese and Japanese (one TrueType, a fraction of
# fonts-noto-cjk's size)
[ -r /usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf ] && [ -r /usr/share/fonts/truetype/noto/NotoSansKhmer-Regular.ttf ] && [ -r /usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf ] || need="$need fonts-noto-core"
[ -r /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf ] || need="$need fonts-droid-fallback"
# Korean (Hangul) for the script-extraction tests: Nanum Gothic, one TrueType (not a collection)
[ -r /usr/share/fonts/truetype/nanum/NanumGothic.ttf ] || need="$need fonts-nanum"
# Fonts as users have them (issue 16): DejaVu as WOFF and WOFF2, Inter as a variable font, Noto Color
# Emoji (CBDT bitmaps, refused), and Google's woff2_compress to make a CFF-flavoured WOFF2
[ -r /usr/share/fonts/woff2/dejavu/DejaVuSans.woff2 ] || need="$need fonts-dejavu-web"
[ -r /usr/share/fonts/truetype/inter-vf/Inter-roman.var.ttf ] || need="$need fonts-inter-variable"
[ -r /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || need="$need fonts-noto-color-emoji"
command -v woff2_compress >/dev/null 2>&1 || need="$need woff2"
# fontTools (Debian's python3, not a virtualenv's) builds the COLR/CPAL colour fonts of test/colour-fonts.test.ts
/usr/bin/python3 -c 'import fontTools' >/dev/null 2>&1 || need="$need python3-fonttools"
[ -r /usr/share/java/preflight.jar ] || need="$need libpdfbox2-java"
[ -r /usr/share/java/javax.activation.jar ] || need="$need libactivation-java"
[ -r /usr/share/java/jaxb-api.jar ] || need="$need libjaxb-api-java"
# The hosted store's PostgreSQL tests start a throw-away server; the browser box is driven in chromium.
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need="$need postgresql"
command -v chromium >/dev/null 2>&1 || need="$need chromium"
# better-sqlite3 builds from source when no prebuilt binary can be fetched.
command -v g++ >/dev/null 2>&1 || need="$need g++"
command -v make >/dev/null 2>&1 || need="$need make"
command -v python3 >/dev/null 2>&1 || need="$need python3"
if [ -n "$need" ]; then
  echo "installing:$need"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null
else
  echo "test tools present (nothing to install)"
fi
