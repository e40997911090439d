#!/usr/bin/env bash
# tools/preflight.sh — the project's copy of ../shared/validators/preflight.sh, so that a clone
# standing alone (CI) runs Apache PDFBox Preflight; the tests call this one.
# Apache PDFBox Preflight 2.0.27 (Debian libpdfbox2-java): independent PDF/A-1b validator.
# usage: preflight.sh [--xml] FILE.pdf
# stdout, line 1:  PASS                          (valid PDF/A-1b)
#                  FAIL<TAB>code[,code...]       (invalid; distinct Preflight error codes)
#                  ERROR<TAB>message             (Preflight threw / could not run)
# then for FAIL one line per error: code<TAB>count<TAB>details
# exit: 0 PASS, 1 FAIL, 2 ERROR/usage.  --xml: print Preflight's raw XML report instead.
#
# batch: preflight.sh FILE1.pdf FILE2.pdf ...   (one JVM for all: ~45x faster than a
#   loop; 568 files in ~7 s instead of ~5 min; same verdicts)
#   prints one line per file: PASS|FAIL|ERROR<TAB>codes-or-message<TAB>path
#   exit: 0 all PASS, 1 some FAIL, 2 some ERROR.
# Install once:  apt-get install -y libpdfbox2-java libactivation-java libjaxb-api-java
#   (libpdfbox2-java pulls libfontbox2-java + libcommons-logging-java; Java 17 lacks
#    javax.activation and javax.xml.bind, which Preflight needs -> the two extra packages)
# Error codes are Preflight's own (org.apache.pdfbox.preflight.PreflightConstants), e.g.
#   1.x syntax (1.1 header, 1.2 body, 1.3 xref, 1.4 trailer), 2.x graphics/colour,
#   3.x fonts, 4.x transparency, 5.x annotations, 6.x actions, 7.x metadata/XMP,
#   8.x processing (missing/unreadable objects); full table:
#   javap -constants -cp /usr/share/java/preflight.jar org.apache.pdfbox.preflight.PreflightConstants
set -uo pipefail
J=/usr/share/java
CP="$J/preflight.jar:$J/pdfbox2.jar:$J/fontbox2.jar:$J/xmpbox.jar:$J/commons-logging.jar:$J/javax.activation.jar:$J/jaxb-api.jar"
JOPTS=(${PREFLIGHT_JAVA_OPTS:--Xss8m -Xmx2g} -Djava.awt.headless=true)
raw=0
if [ "${1:-}" = "--xml" ]; then raw=1; shift; fi
f="${1:-}"
if [ -z "$f" ]; then echo "usage: preflight.sh [--xml] FILE.pdf | preflight.sh FILE.pdf FILE.pdf ..." >&2; exit 2; fi
for j in ${CP//:/ }; do
  [ -r "$j" ] || { printf 'ERROR\tmissing %s (apt-get install -y libpdfbox2-java libactivation-java libjaxb-api-java)\n' "$j"; exit 2; }
done
if [ $# -gt 1 ]; then
  # batch ("group") mode: Preflight writes LIST.preflight.xml, one <preflight> per
  # readable file, in list order, named by basename only -> we keep the order.
  tmp="$(mktemp -d /tmp/preflight.XXXXXX)"; trap 'rm -rf "$tmp"' EXIT
  ok=(); status=0
  for p in "$@"; do
    if [ -r "$p" ]; then ok+=("$(readlink -f "$p")"); else printf 'ERROR\tcannot read\t%s\n' "$p"; status=2; fi
  done
  [ ${#ok[@]} -gt 0 ] || exit 2
  printf '%s\n' "${ok[@]}" > "$tmp/list"
  java "${JOPTS[@]}" -cp "$CP" org.apache.pdfbox.preflight.Validator_A1b xml group "$tmp/list" >/dev/null 2>&1
  [ -s "$tmp/list.preflight.xml" ] || { echo "ERROR	Preflight wrote no group report" >&2; exit 2; }
  PF_LIST="$tmp/list" PF_XMLF="$tmp/list.preflight.xml" PF_STATUS=$status node -e '
const fs = require("fs");
const paths = fs.readFileSync(process.env.PF_LIST, "utf8").split("\n").filter(Boolean);
const x = fs.readFileSync(process.env.PF_XMLF, "utf8");
const dec = (s) => s.replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16))).replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d))).replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, "\"").replace(/&apos;/g, "\x27").replace(/&amp;/g, "&");
const blocks = [...x.matchAll(/<preflight name="([^"]*)">([\s\S]*?)<\/preflight>/g)];
let st = Number(process.env.PF_STATUS);
if (blocks.length !== paths.length) { console.error("ERROR\tgroup report has " + blocks.length + " entries for " + paths.length + " files"); process.exit(2); }
blocks.forEach((b, i) => {
  const body = b[2]; const p = paths[i];
  const exc = /<exceptionThrown>\s*<message>([\s\S]*?)<\/message>/.exec(body);
  if (exc) { console.log("ERROR\t" + dec(exc[1]).replace(/\s+/g, " ").trim() + "\t" + p); st = 2; return; }
  if (/<isValid[^>]*>true</.test(body)) { console.log("PASS\t\t" + p); return; }
  const codes = [...new Set([...body.matchAll(/<code>([^<]*)<\/code>/g)].map((m) => m[1].trim()))];
  console.log("FAIL\t" + codes.join(",") + "\t" + p); if (st < 1) st = 1;
});
process.exit(st);
'
  exit $?
fi
[ -r "$f" ] || { printf 'ERROR\tcannot read %s\n' "$f"; exit 2; }
xml="$(java "${JOPTS[@]}" -cp "$CP" \
        org.apache.pdfbox.preflight.Validator_A1b xml "$f" 2>/dev/null)"
rc=$?
if [ $raw = 1 ]; then printf '%s\n' "$xml"; fi
if [ $rc -ne 0 ] || [ -z "$xml" ]; then
  [ $raw = 1 ] || printf 'ERROR\tjava exited %s without a report\n' "$rc"; exit 2
fi
# Parse the fixed-format XML report (written by XmlResultParser) with node.
PF_XML="$xml" PF_RAW=$raw node -e '
const x = process.env.PF_XML;
const dec = (s) => s.replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16))).replace(/&#(\d+);/g, (_, d) => String.fromCodePoint(Number(d))).replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, "\"").replace(/&apos;/g, "\x27").replace(/&amp;/g, "&");
const one = (s) => dec(s).replace(/\s+/g, " ").trim();
const quiet = process.env.PF_RAW === "1";
const out = (s) => { if (!quiet) process.stdout.write(s + "\n"); };
const exc = /<exceptionThrown>\s*<message>([\s\S]*?)<\/message>/.exec(x);
if (exc) { out("ERROR\t" + one(exc[1])); process.exit(2); }
const valid = /<isValid[^>]*>(true|false)<\/isValid>/.exec(x);
if (!valid) { out("ERROR\tunrecognised Preflight output"); process.exit(2); }
if (valid[1] === "true") { out("PASS"); process.exit(0); }
const errs = [...x.matchAll(/<error count="(\d+)">\s*<code>([^<]*)<\/code>\s*(?:<details>([\s\S]*?)<\/details>)?/g)]
  .map((m) => ({ count: m[1], code: one(m[2]), details: one(m[3] || "") }));
out("FAIL\t" + [...new Set(errs.map((e) => e.code))].join(","));
for (const e of errs) out(e.code + "\t" + e.count + "\t" + e.details);
process.exit(1);
'
