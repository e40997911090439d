#!/usr/bin/env sh
# tools/install-test-deps.sh — installs the Debian tools the tests check our PDFs with (tools nobody
# here wrote): qpdf, poppler (pdftotext, pdffonts, pdfinfo…), MuPDF, Ghostscript and Apache PDFBox
# Preflight. Skips what is already there; needs root (CI runs as root) when something is missing.
set -eu
need=""
command -v qpdf >/dev/null 2>&1 || need="$need qpdf"
command -v pdftotext >/dev/null 2>&1 || need="$need poppler-utils"
command -v mutool >/dev/null 2>&1 || need="$need mupdf-tools"
command -v gs >/dev/null 2>&1 || need="$need ghostscript"
command -v java >/dev/null 2>&1 || need="$need default-jre-headless"
# Type 1 (.pfb/.afm) and CFF OpenType (.otf) test fonts: URW base 35
[ -r /usr/share/fonts/X11/Type1/NimbusSans-Regular.pfb ] && [ -r /usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf ] || need="$need fonts-urw-base35"
[ -r /usr/share/java/preflight.jar ] || need="$need libpdfbox2-java"
[ -r /usr/share/java/javax.activation.jar ] || need="$need libactivation-java"
[ -r /usr/share/java/jaxb-api.jar ] || need="$need libjaxb-api-java"
if [ -n "$need" ]; then
  echo "installing:$need"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null
else
  echo "test tools present: qpdf poppler-utils mupdf-tools ghostscript pdfbox-preflight fonts-urw-base35"
fi
