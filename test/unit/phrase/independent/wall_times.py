"""What the tuning-set converters (convert6.py to convert10.py) share: each language's zone, the
`now` of every row, the conversion of a wall time decided by hand to UTC with Python's zoneinfo
(not duely's code), the printing of the rows as the phrase table reads them, and leaving out a
phrase an earlier set already has."""
import base64
import glob
import json
import os
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

ZONES = {"en": "America/New_York", "zh-Hant": "Asia/Taipei", "zh-Hans": "Asia/Shanghai", "ja": "Asia/Tokyo",
         "es": "Europe/Madrid", "de": "Europe/Berlin", "fr": "Europe/Paris", "pt": "America/Sao_Paulo",
         "it": "Europe/Rome", "ko": "Asia/Seoul", "hi-Latn": "Asia/Kolkata", "hi-Deva": "Asia/Kolkata"}
NOW = "03-05 10:00"  # Thursday 5 March 2026


def utc(wall: str, zone: str) -> str:
    """A wall time "MM-DD HH:MM" of 2026 (or "YYYY-MM-DD HH:MM" of another year) in `zone` as UTC; one in a
    DST gap or overlap would need a decision, so it fails."""
    dated = wall if len(wall) > len("MM-DD HH:MM") else f"2026-{wall}"
    local = datetime.strptime(dated, "%Y-%m-%d %H:%M").replace(tzinfo=ZoneInfo(zone))
    back = local.astimezone(timezone.utc).astimezone(ZoneInfo(zone))
    assert back.replace(tzinfo=None) == local.replace(tzinfo=None), f"{wall} does not exist in {zone}"
    assert local.replace(fold=1).utcoffset() == local.utcoffset(), f"{wall} is ambiguous in {zone}"
    return local.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def print_rows(rows, prefix: str, set_name: str) -> None:
    """Each (lang, text, want, tags) row as one JSON line, numbered per language: `{prefix}-{lang}-001`."""
    counters: dict[str, int] = {}
    for lang, text, want, tags in rows:
        counters[lang] = counters.get(lang, 0) + 1
        zone = want.get("zone", ZONES[lang])
        row = {"id": f"{prefix}-{lang}-{counters[lang]:03d}", "set": set_name, "lang": lang, "text": text, "timezone": zone, "now": utc(NOW, zone)}
        if "refused" in want:
            row["expect"] = {"refused": want["refused"]}
        else:
            expect = {"fires": [utc(w, zone) for w in want["fires"]]}
            if "last" in want:
                expect["last"] = utc(want["last"], zone)
            if want.get("ask"):
                expect["orRefused"] = True
            row["expect"] = expect
        row["tags"] = tags
        if "note" in want:
            row["note"] = want["note"]
        print(json.dumps(row, ensure_ascii=False))


def print_new_rows(rows, prefix, name):
    """Prints the rows whose phrase no other set has, tuning or held out (the table keeps no
    duplicate phrase). Held-out phrases are decoded only to compare: just the number left out is
    printed, on stderr, so that no held-out phrase is shown."""
    here = os.path.dirname(os.path.abspath(__file__))
    known = set()
    for path in glob.glob(os.path.join(here, "*.jsonl")) + glob.glob(os.path.join(here, "*.jsonl.b64")):
        if os.path.basename(path) == f"{name}.jsonl":
            continue
        raw = open(path, encoding="utf8").read()
        lines = base64.b64decode(raw).decode("utf8") if path.endswith(".b64") else raw
        known.update(json.loads(line)["text"].strip().lower() for line in lines.splitlines() if line.strip())
    kept = [row for row in rows if row[1].strip().lower() not in known]
    print(f"left out {len(rows) - len(kept)} phrase(s) already in an earlier set", file=sys.stderr)
    print_rows(kept, prefix, name)
