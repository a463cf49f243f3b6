"""Builds the fifth independent set from its authoring source (kept out of the tree: it holds the
held-out phrases in plain text). Each authored row gives the phrase and its expected runs as local
wall times decided by hand ("03-06 08:00", year 2026 unless written); this script converts them to
UTC with Python's zoneinfo (not duely's code), draws the held-out third per language with a seeded
random.Random, numbers the rows in a second seeded order, and writes tuning5.jsonl, held-out5.jsonl.b64 and split5.json (with the SHA-256 of
the held-out file).

    python3 convert5.py AUTHORED.py
"""
import base64, hashlib, json, random, runpy, sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

SEED = 20261202
LANGS = ["en", "zh-Hant", "zh-Hans", "ja", "es", "de", "fr", "pt", "it", "ko", "hi-Latn", "hi-Deva"]
ZONES = {"en": "America/New_York", "zh-Hant": "Asia/Taipei", "zh-Hans": "Asia/Shanghai", "ja": "Asia/Tokyo",
         "es": "Europe/Madrid", "de": "Europe/Berlin", "fr": "Europe/Paris", "pt": "America/Sao_Paulo",
         "it": "Europe/Rome", "ko": "Asia/Seoul", "hi-Latn": "Asia/Kolkata", "hi-Deva": "Asia/Kolkata"}
NOW = "03-05 10:00"  # Thursday 5 March 2026


def utc(wall: str, zone: str) -> str:
    text = wall if wall.count("-") == 2 else f"2026-{wall}"
    local = datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=ZoneInfo(zone))
    # A wall time in a DST gap or overlap would need a decision; none is written in this set.
    back = local.astimezone(timezone.utc).astimezone(ZoneInfo(zone))
    assert back.replace(tzinfo=None) == local.replace(tzinfo=None), f"{wall} does not exist in {zone}"
    assert local.fold == 0 and local.replace(fold=1).utcoffset() == local.utcoffset(), f"{wall} is ambiguous in {zone}"
    return local.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def main(path: str) -> None:
    authored = runpy.run_path(path)["R"]
    rows = []
    counters = {lang: 0 for lang in LANGS}
    for a in authored:
        lang = a["lang"]
        counters[lang] += 1
        zone = a.get("tz") or ZONES[lang]
        row = {"id": f"five-{lang}-{counters[lang]:03d}", "set": "tuning5", "lang": lang, "text": a["text"],
               "timezone": zone, "now": utc(a.get("now") or NOW, zone)}
        if "refused" in a:
            row["expect"] = {"refused": a["refused"]}
        else:
            expect = {"fires": [utc(w, zone) for w in a["fires"]]}
            if a.get("last"):
                expect["last"] = utc(a["last"], zone)
            if a.get("ask"):
                expect["orRefused"] = True
            row["expect"] = expect
        row["tags"] = a["tags"]
        if a.get("note"):
            row["note"] = a["note"]
        rows.append(row)
    rng = random.Random(SEED)
    held = set()
    for lang in LANGS:
        ids = [r["id"] for r in rows if r["lang"] == lang]
        rng.shuffle(ids)
        held.update(ids[: round(len(ids) / 3)])
    for r in rows:
        if r["id"] in held:
            r["set"] = "held-out5"
    # Renumber each language's rows in a second seeded order, so that an id named by the gate
    # says nothing of where the row stood in the authoring source.
    for lang in LANGS:
        mine = [r for r in rows if r["lang"] == lang]
        numbers = list(range(1, len(mine) + 1))
        rng.shuffle(numbers)
        for r, n in zip(mine, numbers):
            r["id"] = f"five-{lang}-{n:03d}"
    rows.sort(key=lambda r: (LANGS.index(r["lang"]), r["id"]))
    line = lambda r: json.dumps(r, ensure_ascii=False)
    tuning = "".join(line(r) + "\n" for r in rows if r["set"] == "tuning5")
    held_b64 = base64.b64encode("".join(line(r) + "\n" for r in rows if r["set"] == "held-out5").encode()).decode() + "\n"
    with open("tuning5.jsonl", "w") as f:
        f.write(tuning)
    with open("held-out5.jsonl.b64", "w") as f:
        f.write(held_b64)
    split = {"seed": SEED, "languages": LANGS,
             "method": "one Python random.Random(seed); for each language in the order above, shuffle its row ids (in authoring order) and hold out the first round(n/3)",
             "tuning": len(rows) - len(held), "heldOut": len(held),
             "heldOutSha256": hashlib.sha256(held_b64.encode()).hexdigest()}
    with open("split5.json", "w") as f:
        f.write(json.dumps(split, indent=2) + "\n")
    print(f"{len(rows)} rows: {len(rows) - len(held)} tuning, {len(held)} held out")


if __name__ == "__main__":
    main(sys.argv[1])
