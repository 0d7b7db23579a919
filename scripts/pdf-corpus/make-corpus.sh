#!/usr/bin/env bash
# Regenerates tests/fixtures/pdf-corpus/{good,bad} from real producers. The tests only read
# the committed files (and build the large cases in Node), so CI needs none of these tools.
#
# Debian packages: chromium ghostscript qpdf mupdf-tools poppler-utils zip
#                  libreoffice-writer-nogui (optional: its files are skipped when soffice is absent)
# Run from the repository root: scripts/pdf-corpus/make-corpus.sh
# The manifest (tests/fixtures/pdf-corpus/manifest.json) is kept by hand: a new file needs an
# entry there, and the unit test fails on a file without one.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT="$ROOT/tests/fixtures/pdf-corpus"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
rm -rf "$OUT/good" "$OUT/bad"
mkdir -p "$OUT/good" "$OUT/bad"
G="$OUT/good"
B="$OUT/bad"

# --- sources ------------------------------------------------------------------------------
cat >"$WORK/page.html" <<'HTML'
<!doctype html><html><head><meta charset="utf-8"><title>Service agreement</title>
<style>body{font-family:sans-serif} .p{page-break-after:always}</style></head><body>
<div class="p"><h1>Service agreement</h1><p>Between Example Oy and Sample AB. Ääkköset, em — dash, € sign.</p></div>
<div class="p"><h2>Terms</h2><ol><li>Payment within 30 days.</li><li>Governing law: Finland.</li></ol></div>
<div><h2>Signatures</h2><p>______________________ ______________________</p></div>
</body></html>
HTML
cat >"$WORK/landscape.html" <<'HTML'
<!doctype html><html><head><meta charset="utf-8"><style>@page{size:A4 landscape}</style></head>
<body><h1>Landscape schedule</h1><table border="1"><tr><td>Q1</td><td>Q2</td><td>Q3</td><td>Q4</td></tr></table></body></html>
HTML
cat >"$WORK/doc.ps" <<'PS'
%!PS-Adobe-3.0
%%Pages: 3
/Helvetica findfont 18 scalefont setfont
<< /PageSize [612 792] >> setpagedevice
72 700 moveto (Ghostscript page 1, US Letter) show showpage
<< /PageSize [595 842] >> setpagedevice
72 700 moveto (Ghostscript page 2, A4) show showpage
<< /PageSize [842 595] >> setpagedevice
72 500 moveto (Ghostscript page 3, A4 landscape) show showpage
%%EOF
PS
cat >"$WORK/page.txt" <<'TXT'
%%MediaBox 0 0 595 842
%%Font Helv Helvetica
BT /Helv 24 Tf 72 760 Td (mutool create) Tj ET
TXT

chromium_print() { # url out
  chromium --headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update \
    --disable-sync --user-data-dir="$(mktemp -d -p "$WORK")" --no-pdf-header-footer --print-to-pdf="$2" "$1" 2>/dev/null
}

# --- good: one file per producer and per structural feature ------------------------------
chromium_print "file://$WORK/page.html" "$G/chromium-print.pdf"
chromium_print "file://$WORK/landscape.html" "$G/chromium-print-landscape.pdf"
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -o "$G/ghostscript-from-postscript.pdf" "$WORK/doc.ps"
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -dCompatibilityLevel=1.4 -o "$G/ghostscript-pdf-1.4-redistilled.pdf" "$G/chromium-print.pdf"
qpdf --object-streams=generate "$G/chromium-print.pdf" "$G/qpdf-object-streams.pdf"
qpdf --linearize "$G/ghostscript-from-postscript.pdf" "$G/qpdf-linearized.pdf"
qpdf --linearize --object-streams=generate "$G/chromium-print.pdf" "$G/qpdf-linearized-object-streams.pdf"
qpdf --qdf --object-streams=disable "$G/ghostscript-from-postscript.pdf" "$G/qpdf-qdf-uncompressed.pdf"
qpdf --force-version=2.0 "$G/chromium-print-landscape.pdf" "$G/qpdf-pdf-2.0.pdf"
qpdf --rotate=+90:1 "$G/chromium-print.pdf" "$G/qpdf-rotated-page.pdf"
qpdf --empty --pages "$G/chromium-print.pdf" 1-2 "$G/ghostscript-from-postscript.pdf" 3 -- "$G/qpdf-merged-pages.pdf"
mutool create -o "$G/mutool-create.pdf" "$WORK/page.txt"
mutool clean -gggz "$G/chromium-print.pdf" "$G/mutool-clean-garbage-collected.pdf"
mutool clean -l "$G/ghostscript-from-postscript.pdf" "$G/mutool-linearized.pdf" 2>/dev/null || mutool clean -gg "$G/ghostscript-from-postscript.pdf" "$G/mutool-linearized.pdf"
mutool merge -o "$G/mutool-merge.pdf" "$G/mutool-create.pdf" "$G/chromium-print-landscape.pdf"
cat >"$WORK/incremental.js" <<'JS'
var doc = new PDFDocument(scriptArgs[0]);
var info = doc.getTrailer().get("Info");
if (info.isNull()) { info = doc.addObject({}); doc.getTrailer().put("Info", info); }
info.put("Title", "Updated incrementally by mutool");
doc.save(scriptArgs[1], "incremental");
JS
mutool run "$WORK/incremental.js" "$G/chromium-print.pdf" "$G/mutool-incremental-update.pdf"
pdftocairo -pdf "$G/chromium-print.pdf" "$G/pdftocairo.pdf"
pdfunite "$G/mutool-create.pdf" "$G/ghostscript-from-postscript.pdf" "$G/pdfunite.pdf"
if command -v soffice >/dev/null; then
  cp "$WORK/page.html" "$WORK/letter.html"
  printf 'Writer document\n\nSecond paragraph with ÅÄÖ.\n' >"$WORK/writer.txt"
  (cd "$WORK" && soffice --headless -env:UserInstallation="file://$WORK/lo" --convert-to pdf:writer_pdf_Export writer.txt >/dev/null 2>&1)
  cp "$WORK/writer.pdf" "$G/libreoffice-writer.pdf"
fi

# --- bad: other file types under a .pdf name, polyglots, damage, encryption, page counts ---
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -r10 -o "$B/png-renamed.pdf" "$G/mutool-create.pdf"
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=jpeg -r10 -o "$B/jpeg-renamed.pdf" "$G/mutool-create.pdf"
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=tiff24nc -r10 -o "$B/tiff-renamed.pdf" "$G/mutool-create.pdf"
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=bmp16m -r10 -o "$B/bmp-renamed.pdf" "$G/mutool-create.pdf"
cp "$WORK/doc.ps" "$B/postscript-renamed.pdf"
cp "$WORK/page.html" "$B/html-renamed.pdf"
printf '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n' >"$B/svg-renamed.pdf"
printf 'Just some plain text that someone saved with a .pdf extension.\n' >"$B/text-renamed.pdf"
: >"$B/empty.pdf"
if command -v soffice >/dev/null; then
  for fmt in docx doc odt rtf; do
    (cd "$WORK" && soffice --headless -env:UserInstallation="file://$WORK/lo" --convert-to "$fmt" writer.txt >/dev/null 2>&1)
    cp "$WORK/writer.$fmt" "$B/$fmt-renamed.pdf"
  done
fi
# A PPTX and an XLSX need Impress and Calc; their first entries (what detection reads) are built by hand.
mkdir -p "$WORK/pptx/ppt" "$WORK/xlsx/xl"
printf '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' | tee "$WORK/pptx/[Content_Types].xml" >"$WORK/xlsx/[Content_Types].xml"
printf '<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>' >"$WORK/pptx/ppt/presentation.xml"
printf '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>' >"$WORK/xlsx/xl/workbook.xml"
(cd "$WORK/pptx" && zip -qX "$B/pptx-renamed.pdf" '[Content_Types].xml' ppt/presentation.xml)
(cd "$WORK/xlsx" && zip -qX "$B/xlsx-renamed.pdf" '[Content_Types].xml' xl/workbook.xml)
(cd "$WORK" && zip -qX "$B/zip-renamed.pdf" page.txt)
# Polyglots: a PDF with a ZIP appended (both readers open it), a ZIP holding a PDF stored
# before its directory, a PNG with a PDF after IEND, and an HTML page carrying a PDF.
cat "$G/mutool-create.pdf" "$B/zip-renamed.pdf" >"$B/polyglot-pdf-then-zip.pdf"
(cd "$G" && zip -qX -0 "$B/polyglot-zip-storing-pdf.pdf" mutool-create.pdf)
cat "$B/png-renamed.pdf" "$G/mutool-create.pdf" >"$B/polyglot-png-then-pdf.pdf"
{ printf '<html><body><!--\n'; cat "$G/mutool-create.pdf"; printf '\n--></body></html>\n'; } >"$B/polyglot-html-with-pdf.pdf"
# Truncation: half a file and a file cut inside its xref table; a file cut just before %%EOF
# lost nothing (its startxref and table are whole), which readers open and so does the sandbox.
size=$(stat -c %s "$G/chromium-print.pdf")
head -c $((size / 2)) "$G/chromium-print.pdf" >"$B/truncated-half.pdf"
head -c $((size - 6)) "$G/chromium-print.pdf" >"$G/end-marker-cut-tail-intact.pdf"
qsize=$(stat -c %s "$G/qpdf-qdf-uncompressed.pdf")
head -c $((qsize - 200)) "$G/qpdf-qdf-uncompressed.pdf" >"$B/truncated-in-xref.pdf"
# Encryption: with a user password (cannot be opened) and without one (opens, still encrypted).
qpdf --encrypt user-pw owner-pw 256 -- "$G/chromium-print.pdf" "$B/encrypted-aes256-user-password.pdf"
qpdf --encrypt '' owner-pw 256 -- "$G/chromium-print.pdf" "$B/encrypted-aes256-owner-only.pdf"
qpdf --allow-weak-crypto --encrypt '' owner-pw 40 -- "$G/ghostscript-from-postscript.pdf" "$B/encrypted-rc4-40-owner-only.pdf"
qpdf --allow-weak-crypto --encrypt user-pw owner-pw 128 --use-aes=n -- "$G/ghostscript-from-postscript.pdf" "$B/encrypted-rc4-128-user-password.pdf"
qpdf --encrypt '' owner-pw 128 --use-aes=y -- "$G/qpdf-object-streams.pdf" "$B/encrypted-aes128-owner-only-object-streams.pdf"
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOwnerPassword=owner -sUserPassword=user -o "$B/encrypted-ghostscript-user-password.pdf" "$WORK/doc.ps"
mutool clean -E aes-256 -O owner "$G/mutool-create.pdf" "$B/encrypted-mutool-owner-only.pdf"
# Page counts: qpdf writes a PDF with an empty page tree. 201 and 200 pages are built by the tests.
qpdf --empty "$B/zero-pages-qpdf.pdf"

# --- Node: pdf-lib, the sandbox's own incremental update, hand-written shapes --------------
(cd "$ROOT" && node --import tsx scripts/pdf-corpus/make-node-files.ts "$WORK" "$OUT")
du -sh "$OUT"
ls "$G" | wc -l
ls "$B" | wc -l
