# Prints "URI SIGNED-BY" of the machine's own Debian 12 archive: the first enabled
# `deb` entry for suite bookworm with component main, in apt's one-line (.list) or deb822
# (.sources) format; SIGNED-BY is - when the entry names no keyring. setup.sh adds
# bookworm-backports from the same archive, so it works behind whatever mirror the
# machine uses. Usage: awk -f apt_bookworm_source.awk FILE...
function has(list, word,   n, i, parts) {
  n = split(list, parts, /[ \t]+/)
  for (i = 1; i <= n; i++) if (parts[i] == word) return 1
  return 0
}
function flush() {
  if (types != "" && has(types, "deb") && has(suites, "bookworm") && has(comps, "main") && enabled != "no" && uris != "") {
    split(uris, u, /[ \t]+/); print u[1], (signed == "" ? "-" : signed); found = 1; exit
  }
  types = suites = comps = uris = signed = enabled = ""
}
FNR == 1 { flush(); deb822 = FILENAME ~ /\.sources$/ }
deb822 && /^[ \t]*$/ { flush(); next }
deb822 && /^[ \t]*#/ { next }
deb822 {
  key = tolower($1); sub(/:$/, "", key); value = $0; sub(/^[^:]*:[ \t]*/, "", value)
  if (key == "types") types = value; else if (key == "uris") uris = value
  else if (key == "suites") suites = value; else if (key == "components") comps = value
  else if (key == "signed-by") signed = value; else if (key == "enabled") enabled = tolower(value)
  next
}
!deb822 && $1 == "deb" {
  i = 2; options = ""
  if ($2 ~ /^\[/) { while (i <= NF && $i !~ /\]$/) options = options " " $(i++); options = options " " $(i++) }
  if (i + 2 > NF || $(i + 1) != "bookworm") next
  for (j = i + 2; j <= NF; j++) if ($j == "main") {
    signed = "-"
    if (match(options, /signed-by=[^] \t]+/)) signed = substr(options, RSTART + 10, RLENGTH - 10)
    print $i, signed; found = 1; exit
  }
}
END { if (!found) flush() }
