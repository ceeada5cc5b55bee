#!/usr/bin/env python3
"""Validator for the blind Sadaf Fashion (Al Khobar) evaluation set.

Checks: questions.jsonl is valid JSON lines; fields and allowed values; unique ids;
counts per kind / expect; kind->expect consistency; every cited doc id exists in kb/;
kb front matter (id = file name, title, lang, topic, '# Title'); every key compiles
with Python's re (IGNORECASE) and avoids Python-only regex syntax (the scorer uses
JavaScript RegExp with the 'i' flag); if `node` is installed, keys are also compiled
and the self-tests below are re-run in JavaScript.  The self-tests (SAMPLES) are
plausible right answers that must match and tempting wrong answers (a neighbouring
row/case of the KB) that must not match.

Usage: python3 check.py        (exit code 0 = pass)
"""
import json, os, re, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
KB = os.path.join(HERE, "kb")
QFILE = os.path.join(HERE, "questions.jsonl")

FIELDS = {"id", "q", "lang", "kind", "expect", "docs"}
OPTIONAL = {"key"}
LANGS = {"en", "ar", "mixed"}
KINDS = {"in_kb", "cross_lingual", "neighbour", "off_topic", "closed_list", "injection"}
EXPECTS = {"answer", "abstain", "either", "abstain_or_grounded"}
WANT_KIND = {"in_kb": 26, "cross_lingual": 6, "neighbour": 5, "off_topic": 4, "closed_list": 4, "injection": 3}
KIND_EXPECT = {"in_kb": "answer", "cross_lingual": "answer", "injection": "answer",
               "neighbour": "abstain", "off_topic": "abstain", "closed_list": "abstain_or_grounded"}
TOTAL = 48
N_DOCS = 12

# Python-only (or JS-incompatible) regex constructs
DIGIT_NOTE = "\\d and \\w differ between Python and JS: use [0-9٠-٩]"
PY_ONLY = [
    (r"\(\?P[<=]", "named group (?P<..>) / (?P=..) is Python-only"),
    (r"\(\?[aiLmsux-]+\)", "inline global flags like (?i) are not JavaScript"),
    (r"\(\?[aiLmsux-]+:", "scoped inline flags (?i:...) are not portable"),
    (r"\(\?#", "regex comments are Python-only"),
    (r"\(\?>", "atomic groups are not JavaScript"),
    (r"\\[AZ]", r"\A / \Z anchors are Python-only"),
    (r"[*+?}]\+", "possessive quantifiers are not JavaScript"),
    (r"\(\?\(", "conditional groups are not JavaScript"),
    (r"\\d|\\w", None),  # \d: Python matches Arabic-Indic digits, JS does not -> use explicit classes
]

# id -> (must match, must not match)
SAMPLES = {
    "kh-01": (["رسوم التوصيل إلى الجبيل 20 ريالاً لأن طلبك أقل من 249 ريال", "الرسوم ٢٠ ريال"],
              ["الرسوم 18 ريالاً", "التوصيل مجاني", "الرسوم خمسة وعشرين ريال"]),
    "kh-02": (["التوصيل السريع في نفس اليوم بالدمام بـ 25 ريال إذا أكدت قبل 1 ظهراً", "٢٥ ريال"],
              ["30 ريالاً", "39 ريال", "رسوم التوصيل العادي 15 ريال"]),
    "kh-03": (["التوصيل مجاني لأن طلبك فوق 299 ريال", "ما عليك رسوم، مجاني"],
              ["الرسوم 25 ريالاً لأن الحد 349 ريال", "الرسوم 25 ريال، والتوصيل مجاني من 349 ريال", "25 SAR; free delivery from 349 SAR"]),
    "kh-04": (["التوصيل السريع لجدة خلال يومي عمل بـ 45 ريالاً", "٤٥ ريال"],
              ["39 ريال", "التوصيل العادي 29 ريال"]),
    "kh-05": (["يرجع المبلغ لمحفظة STC Pay خلال 1-2 يوم عمل", "من يوم إلى يومَي عمل", "خلال ١–٢ يوم عمل"],
              ["من 3 إلى 5 أيام عمل", "من 7 إلى 14 يوم عمل"]),
    "kh-06": (["تختار بين رصيد صدف فوراً أو تحويل بنكي إلى آيبان سعودي خلال 5-7 أيام", "we refund to an IBAN"],
              ["يرجع المبلغ نقداً مع المندوب"]),
    "kh-07": (["Apple Pay مع مدى: من 3 إلى 5 أيام عمل", "3-5 working days", "٣–٥ أيام عمل"],
              ["7 to 14 working days", "من 7 إلى 14 يوم عمل", "13-15 days"]),
    "kh-08": (["الاستبدال الإضافي عن طريق المندوب برسوم 20 ريالاً، وفي الفرع مجاني", "عليك ٢٠ ريال"],
              ["الاستبدال مجاني", "الرسوم 25 ريال", "خمسة وعشرين ريال"]),
    "kh-09": (["صلاحيتها سنتان من تاريخ الشراء", "24 شهراً", "valid for 2 years"],
              ["صالحة 12 شهراً", "سنة واحدة"]),
    "kh-10": (["أقل قيمة للبطاقة الإلكترونية 50 ريالاً", "الحد الأدنى ٥٠ ريال"],
              ["الحد الأدنى 100 ريال", "ينفع 40 ريال"]),
    "kh-11": (["فرع الدمام يوم الجمعة من 4:30 عصراً إلى 10 مساءً", "الساعة ٤:٣٠ العصر", "يفتح الساعة اربع ونص"],
              ["من 4 عصراً إلى 11:30 مساءً", "من 9:30 صباحاً"]),
    "kh-12": (["في رمضان من 8 مساءً إلى 2 فجراً", "يفتح ٨ مساءً"],
              ["من 10 صباحاً إلى 11 مساءً", "من 4 عصراً"]),
    "kh-13": (["بلّغنا خلال 48 ساعة من الاستلام مع الصور", "خلال ٤٨ ساعة"],
              ["خلال 30 يوماً", "خلال 3 أيام عمل"]),
    "kh-14": (["عيوب التصنيع خلال 60 يوماً من الاستلام نصلحها مجاناً", "خلال ٦٠ يوم"],
              ["مضت 48 ساعة فلا يمكن", "خلال 30 يوماً"]),
    "kh-15": (["Shipping to Oman is 59 SAR; free from 650 SAR", "59 SAR"],
              ["free shipping over 500 SAR", "45 SAR", "650 SAR only"]),
    "kh-16": (["A 40 SAR return shipping fee is deducted from your refund", "forty riyals"],
              ["Returns are free", "35 SAR", "forty-five"]),
    "kh-17": (["Sale items can be returned within 14 days, so 20 days is too late", "two weeks"],
              ["You have 30 days, so yes"]),
    "kh-18": (["Full-price items can be returned within 30 days of delivery, so you still can", "thirty days"],
              ["Only 14 days, sorry", "you had 130 days"]),
    "kh-19": (["Cash on delivery is limited to 1,500 SAR", "max 1500 SAR", "١٬٥٠٠ ريال"],
              ["limit is 2,000 SAR", "up to 4,000 SAR", "11,500"]),
    "kh-20": (["Muyassar needs an order of at least 200 SAR", "٢٠٠ ريال"],
              ["minimum 100 SAR", "up to 4,000 SAR", "2,000 SAR"]),
    "kh-21": (["At Packed you can't change the size, but customer service can cancel it so you can reorder"],
              ["Yes, change the size in My Orders"]),
    "kh-22": (["Once shipped it can't be cancelled; you can refuse it at the door or return it", "ترفض الطلب عند الباب"],
              ["Cancelled! Done."]),
    "kh-23": (["Coral members earn 1.5 points per SAR", "١٫٥ نقطة"],
              ["2 points per SAR", "1 point per SAR", "11.5"]),
    "kh-24": (["800 points = 40 SAR", "worth forty riyals"],
              ["80 SAR", "32 SAR", "forty-five"]),
    "kh-25": (["Shortening an abaya costs 35 SAR and takes 3 working days"],
              ["25 SAR", "30 SAR", "135 SAR"]),
    "kh-26": (["No, evening dresses are altered only at the Al Khobar branch", "فقط في فرع الخبر"],
              ["Yes, the Dammam branch can hem it for 60 SAR"]),
    "kh-27": (["Delivery to Al Ahsa (Hofuf) is 22 SAR since free delivery starts at 299 SAR", "٢٢ ريال"],
              ["25 SAR", "18 SAR", "free"]),
    "kh-28": (["You can use at most 2 gift cards per order", "two gift cards max", "بطاقتين فقط"],
              ["Yes, all 3", "up to 3 cards", "12 cards"]),
    "kh-29": (["WhatsApp: +966 55 312 4470", "0553124470"],
              ["920033471"]),
    "kh-30": (["نعم، رسوم الدفع عند الاستلام 12 ريال", "١٢ ريال"],
              ["15 ريال", "22 ريال", "112"]),
    "kh-31": (["خصم عيد الميلاد لفئة المرجان 15%", "١٥٪"],
              ["10%", "20%", "115"]),
    "kh-32": (["الشحن للكويت 45 ريالاً، ومجاني من 550 ريال", "٤٥ ريال"],
              ["مجاني من 500", "49 ريال", "35 ريال"]),
    "kh-42": (["We only ship to Bahrain, Kuwait, UAE, Qatar and Oman", "No, we don't ship to Jordan"],
              ["Yes, Jordan takes 5-8 days"]),
    "kh-43": (["لا، طرق الدفع المقبولة فقط: ... وأقساط ميسّر", "للأسف لا نقبل تمارا"],
              ["نعم نقبل تمارا"]),
    "kh-44": (["لدينا فرعان فقط: الخبر والدمام"], ["نعم عندنا فرع في الرياض"]),
    "kh-45": (["Yes, scarves aren't on the non-returnable list; full-price items within 30 days"],
              ["Scarves are final"]),
    "kh-46": (["Swimwear is non-returnable", "No, swimwear cannot be returned"],
              ["Yes, within 90 days you can return it"]),
    "kh-47": (["رسوم التوصيل للخبر 15 ريال لأن طلبك أقل من 199", "١٥ ريال"],
              ["مجاني", "25 ريال", "115"]),
    "kh-48": (["The minimum is 500 points", "اقل شي ٥٠٠ نقطة"],
              ["100 points", "5,000 points", "1500"]),
}

errors = []
def err(msg):
    errors.append(msg)

# ---------- knowledge base ----------
doc_ids, doc_lang = set(), {}
files = sorted(f for f in os.listdir(KB) if f.endswith(".md"))
if len(files) != N_DOCS:
    err(f"kb: expected {N_DOCS} documents, found {len(files)}")
for f in files:
    text = open(os.path.join(KB, f), encoding="utf-8").read()
    m = re.match(r"---\n(.*?)\n---\n", text, re.S)
    if not m:
        err(f"kb/{f}: no YAML front matter"); continue
    meta = {}
    for line in m.group(1).splitlines():
        k, _, v = line.partition(":")
        meta[k.strip()] = v.strip()
    for k in ("id", "title", "lang", "topic"):
        if not meta.get(k):
            err(f"kb/{f}: front matter lacks {k}")
    if meta.get("id") != f[:-3]:
        err(f"kb/{f}: id {meta.get('id')!r} differs from file name")
    if meta.get("lang") not in ("en", "ar"):
        err(f"kb/{f}: lang must be en or ar")
    body = text[m.end():].lstrip("\n")
    if not body.startswith("# " + meta.get("title", "")):
        err(f"kb/{f}: body must start with '# {meta.get('title')}'")
    if "\n## " not in body:
        err(f"kb/{f}: no '## ' sections")
    doc_ids.add(meta.get("id")); doc_lang[meta.get("id")] = meta.get("lang")
langs = [doc_lang[d] for d in doc_ids]
if abs(langs.count("en") - langs.count("ar")) > 2:
    err(f"kb: languages unbalanced: {langs.count('en')} en / {langs.count('ar')} ar")

# ---------- questions ----------
rows = []
for n, line in enumerate(open(QFILE, encoding="utf-8"), 1):
    if not line.strip():
        err(f"line {n}: blank line"); continue
    try:
        rows.append(json.loads(line))
    except json.JSONDecodeError as e:
        err(f"line {n}: invalid JSON: {e}")

ids = set()
count = {"kind": {}, "lang": {}, "expect": {}}
compiled = {}
for r in rows:
    rid = r.get("id", "?")
    keys = set(r)
    if not FIELDS <= keys:
        err(f"{rid}: missing fields {sorted(FIELDS - keys)}")
    if keys - FIELDS - OPTIONAL:
        err(f"{rid}: unknown fields {sorted(keys - FIELDS - OPTIONAL)}")
    if rid in ids:
        err(f"{rid}: duplicate id")
    ids.add(rid)
    if not isinstance(r.get("q"), str) or not r["q"].strip():
        err(f"{rid}: empty q")
    if r.get("lang") not in LANGS: err(f"{rid}: bad lang {r.get('lang')}")
    if r.get("kind") not in KINDS: err(f"{rid}: bad kind {r.get('kind')}")
    if r.get("expect") not in EXPECTS: err(f"{rid}: bad expect {r.get('expect')}")
    for fld in ("kind", "lang", "expect"):
        count[fld][r.get(fld)] = count[fld].get(r.get(fld), 0) + 1
    kind, expect, docs = r.get("kind"), r.get("expect"), r.get("docs")
    if KIND_EXPECT.get(kind) and expect != KIND_EXPECT[kind]:
        err(f"{rid}: kind {kind} should expect {KIND_EXPECT[kind]}, not {expect}")
    if not isinstance(docs, list):
        err(f"{rid}: docs must be a list"); docs = []
    for d in docs:
        if d not in doc_ids:
            err(f"{rid}: unknown doc {d}")
    if expect == "abstain" and docs:
        err(f"{rid}: an abstention cites no document, docs should be []")
    if expect in ("answer", "abstain_or_grounded") and not docs:
        err(f"{rid}: answerable question without docs")
    if expect == "answer" and "key" not in r:
        err(f"{rid}: answerable question without key")
    if kind == "cross_lingual":
        qlang = r.get("lang")
        for d in docs:
            if doc_lang.get(d) == qlang:
                err(f"{rid}: cross_lingual but doc {d} is in the question's language")
    if kind == "in_kb" and r.get("lang") in ("en", "ar"):
        for d in docs:
            if doc_lang.get(d) != r["lang"]:
                err(f"{rid}: in_kb question in {r['lang']} cites {doc_lang.get(d)} doc {d} (should be cross_lingual)")
    if "key" in r:
        k = r["key"]
        if not isinstance(k, str) or not k:
            err(f"{rid}: key must be a non-empty string"); continue
        for pat, why in PY_ONLY:
            if re.search(pat, k):
                err(f"{rid}: key uses non-portable syntax (" + (why or DIGIT_NOTE) + ")")
        try:
            compiled[rid] = re.compile(k, re.I)
        except re.error as e:
            err(f"{rid}: key does not compile: {e}")

if len(rows) != TOTAL:
    err(f"expected {TOTAL} questions, found {len(rows)}")
for kind, n in WANT_KIND.items():
    if count["kind"].get(kind, 0) != n:
        err(f"kind {kind}: expected {n}, found {count['kind'].get(kind, 0)}")
for d in doc_ids:
    if not any(d in r.get("docs", []) for r in rows):
        err(f"doc {d} is cited by no question")

# ---------- key self-tests (Python) ----------
for rid, (good, bad) in SAMPLES.items():
    if rid not in compiled:
        err(f"SAMPLES: {rid} has no compiled key"); continue
    for g in good:
        if not compiled[rid].search(g):
            err(f"{rid}: key misses right answer {g!r}")
    for b in bad:
        if compiled[rid].search(b):
            err(f"{rid}: key matches wrong answer {b!r}")
for rid in compiled:
    if rid not in SAMPLES:
        err(f"{rid}: key has no self-test in SAMPLES")

# ---------- same checks in JavaScript, when node is available ----------
node = shutil.which("node")
if node:
    payload = json.dumps({rid: {"key": next(r["key"] for r in rows if r["id"] == rid),
                                "good": SAMPLES.get(rid, ([], []))[0], "bad": SAMPLES.get(rid, ([], []))[1]}
                          for rid in compiled}, ensure_ascii=False)
    js = r"""
let d = JSON.parse(require('fs').readFileSync(0, 'utf8')); let out = [];
for (const [id, t] of Object.entries(d)) {
  let re; try { re = new RegExp(t.key, 'i'); } catch (e) { out.push(id + ': JS RegExp error ' + e.message); continue; }
  for (const g of t.good) if (!re.test(g)) out.push(id + ': JS key misses right answer ' + JSON.stringify(g));
  for (const b of t.bad) if (re.test(b)) out.push(id + ': JS key matches wrong answer ' + JSON.stringify(b));
}
console.log(JSON.stringify(out));
"""
    p = subprocess.run([node, "-e", js], input=payload, capture_output=True, text=True)
    if p.returncode != 0:
        err("node check failed: " + p.stderr.strip())
    else:
        errors.extend(json.loads(p.stdout))
    js_note = "keys also compiled and self-tested with node RegExp(key, 'i')"
else:
    js_note = "node not found: JavaScript compilation not checked"

print(f"documents: {len(doc_ids)} ({langs.count('en')} en, {langs.count('ar')} ar)")
print(f"questions: {len(rows)}")
for fld in ("kind", "lang", "expect"):
    print(f"  {fld}: " + ", ".join(f"{k}={v}" for k, v in sorted(count[fld].items())))
print(f"  keys: {len(compiled)}, self-tested: {sum(1 for r in compiled if r in SAMPLES)}; {js_note}")
if errors:
    print(f"\nFAILED ({len(errors)} problems):")
    for e in errors:
        print("  - " + e)
    sys.exit(1)
print("OK")
