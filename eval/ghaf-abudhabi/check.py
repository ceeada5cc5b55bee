#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""Validator for the Ghaf Fashion House blind evaluation set.

Checks questions.jsonl (JSON, fields, ids, counts, kind->expect, docs exist, language rules),
the KB front matter and structure, that every key compiles (Python, and JavaScript via node if
present), and self-tests every key against plausible right answers (must match) and tempting
wrong answers (must not match). Exit code 0 = all checks passed.
"""
import json, os, re, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
KB = os.path.join(HERE, "kb")
QFILE = os.path.join(HERE, "questions.jsonl")

COUNTS = {"in_kb": 26, "cross_lingual": 6, "neighbour": 5, "off_topic": 4, "closed_list": 4, "injection": 3}
EXPECT = {"in_kb": "answer", "cross_lingual": "answer", "closed_list": "answer", "injection": "answer",
          "neighbour": "abstain", "off_topic": "abstain"}
FIELDS = {"id", "q", "lang", "kind", "expect", "docs"}
OPTIONAL = {"key"}
ARABIC = re.compile(r"[\u0600-\u06FF]")
LATIN = re.compile(r"[A-Za-z]")

# id -> (right answers that must match, tempting wrong answers that must not match)
TESTS = {
 "gf-01": (["For Dubai, place your same-day order by 10:00 am.",
            "You need to order before 10 am (Monday to Saturday).",
            "لدبي اطلب قبل الساعة ١٠ صباحاً."],
           ["For Dubai the same-day cut-off is 12:00 noon.",
            "Order before 11:00 am for same-day delivery in Dubai.",
            "Same-day orders arrive between 4:00 pm and 10:00 pm; order by 3:00 pm."]),
 "gf-02": (["Standard delivery to Liwa (Al Dhafra region) costs AED 28, since your order is under AED 500.",
            "It's 28 dirhams; it becomes free from AED 500."],
           ["Standard delivery is AED 18 and free over AED 300, so yours is free.",
            "It costs AED 18.", "Delivery is AED 280."]),
 "gf-03": (["رسوم التوصيل العادي 18 درهماً لأن طلبك أقل من 300 درهم.",
            "AED 18 for standard delivery.", "التوصيل بـ ١٨ درهم."],
           ["التوصيل مجاني لطلبك.", "رسوم التوصيل 28 درهماً.", "الرسوم 22 درهماً، ومجاني من 180 درهماً."]),
 "gf-04": (["Yes — Silver members have 21 days from delivery, so you can still return it.",
            "Yes, your window is twenty-one days.", "نعم، مدة الإرجاع للفضي ٢١ يوماً."],
           ["Sorry, the return window is 14 days, so it has passed.",
            "Gold members have 30 days; you're outside the window.", "You had 7 days for sale items."]),
 "gf-06": (["رسوم الشحن إلى صلالة 55 درهماً، ويصبح مجانياً للطلبات من 500 درهم.", "٥٥ درهم."],
           ["رسوم الشحن إلى عُمان 35 درهماً.", "الشحن إلى عمان مجاني من 500 درهم ورسومه 35 درهماً.",
            "رسوم الشحن 155 درهماً."]),
 "gf-07": (["Unfortunately earrings cannot be returned, even if unworn.",
            "No, earrings are on our list of non-returnable items.",
            "Sorry, earrings can't be returned."],
           ["Yes, unworn earrings can be returned within 14 days with tags.",
            "Sure, bring them to the store within your return window."]),
 "gf-08": (["Standard delivery to Ras Al Khaimah takes 3–4 working days.",
            "It takes three to four working days.", "من ٣ إلى ٤ أيام عمل."],
           ["Standard delivery takes 2–3 working days.", "1–2 working days.",
            "Express takes 2 working days."]),
 "gf-09": (["يصل الطلب إلى الرياض خلال 4 إلى 6 أيام عمل من الشحن.", "من ٤ إلى ٦ أيام عمل.",
            "It takes 4-6 working days."],
           ["خلال 6 إلى 9 أيام عمل.", "من 3 إلى 5 أيام عمل.", "من 14 إلى 16 يوماً."]),
 "gf-10": (["Cash on delivery is possible for orders up to AED 2,500, so AED 2,000 is fine (fee AED 10).",
            "COD limit is 2500 AED.", "الحد الأقصى ٢٬٥٠٠ درهم."],
           ["The COD limit is AED 1,500, so you'd need to pay by card.",
            "COD works up to AED 2,000.", "Up to AED 12,500."]),
 "gf-12": (["Yes, shipping to Doha costs AED 40 (free from AED 550) and takes 3–4 working days.",
            "Yes — 40 dirhams.", "نعم، الشحن إلى الدوحة ٤٠ درهماً."],
           ["Yes, shipping to Qatar costs AED 35.", "Shipping to Qatar is free for your order.",
            "It's AED 45 to Doha.", "AED 140."]),
 "gf-13": (["Yes, with Sahl in 6 (AED 1,500–8,000); there's a 3.5% service fee, no interest.",
            "Yes — Sahl splits it in 6 monthly payments with a ٣٫٥٪ fee."],
           ["Yes, Sahl in 6 is interest-free with no fee.",
            "Nakhla Pay splits into 4 payments with no interest.", "There's a 5% fee.",
            "There's a 13.5% fee."]),
 "gf-14": (["قد تُفرض رسوم جمركية وضريبة لأن الطلب يزيد على 750 درهماً، وتدفعها للمندوب عند الاستلام.",
            "نعم، الطلبات فوق ٧٥٠ درهم للسعودية قد تخضع للجمارك."],
           ["لا، أسعارنا تشمل الجمارك للطلبات حتى 1,000 درهم.", "لا توجد جمارك على الطلبات إلى السعودية.",
            "الجمارك على الطلبات فوق 7,500 درهم."]),
 "gf-15": (["Unfortunately bank transfer isn't accepted. You can use cash on delivery in the UAE, SwiftTap Pay, Falak Wallet or a gift card.",
            "No, we don't take bank transfers; cash on delivery is an option in the UAE.",
            "للأسف التحويل البنكي غير متاح."],
           ["Yes, you can pay by bank transfer at checkout.",
            "Sure! Choose bank transfer and we'll send you our IBAN."]),
 "gf-16": (["Physical gift cards are valid for 24 months from issue.",
            "It's valid for two years from the date it was issued.", "صالحة ٢٤ شهراً."],
           ["Gift cards are valid for 12 months.",
            "It expires after 12 months, but can be extended once for 3 months.",
            "Valid for 124 days."]),
 "gf-17": (["نعم، الاستبدال الثاني للقطعة نفسها برسوم 15 درهماً.", "يمكنك ذلك مقابل ١٥ درهم."],
           ["نعم، الاستبدال مجاني دائماً.", "الاستبدال الثاني برسوم 20 درهماً.", "مقابل 150 درهماً."]),
 "gf-19": (["Not yet — you can extend it once for 3 months because you're within 30 days of expiry; it costs AED 20 from the balance.",
            "You can ask for a one-time three-month extension; the fee is twenty dirhams.",
            "يمكن تمديدها مرة واحدة لمدة ٣ أشهر مقابل ٢٠ درهماً."],
           ["Sorry, the balance is lost once the card expires.",
            "You can extend it for 30 days for AED 15.",
            "You can extend it once for 3 months free of charge.",
            "Extension costs AED 20 and gives you 30 more days."]),
 "gf-20": (["تقصير العباية بـ 35 درهماً ويجهز خلال 3 أيام عمل.", "AED 35, ready in 3 working days."],
           ["تقصير البنطال بـ 25 درهماً خلال يومي عمل.", "40 درهماً خلال 4 أيام.", "135 درهماً."]),
 "gf-21": (["لا، الاستبدال عند الباب متاح فقط في أبوظبي والعين ودبي. في الشارقة نستلم القطعة أولاً ثم نرسل البديلة خلال 3 إلى 5 أيام عمل مجاناً.",
            "للأسف غير متاح في الشارقة؛ نستلم ثم نرسل البديل خلال ٣-٥ أيام عمل."],
           ["نعم، يسلّمك المندوب المقاس الجديد ويستلم القديم في الزيارة نفسها خلال يوم إلى يومين.",
            "نعم، الاستبدال عند الباب متاح في الشارقة مجاناً."]),
 "gf-22": (["Sleeve shortening costs AED 40 and is ready in 4 working days.", "It's 40 dirhams, 4 working days."],
           ["Sleeve shortening is AED 35, ready in 3 working days.", "AED 55 and 5 working days.",
            "AED 140."]),
 "gf-24": (["يُرد المبلغ بتحويل بنكي إلى حساب إماراتي برقم الآيبان خلال 7 إلى 10 أيام عمل، أو فوراً كرصيد غاف مع 5% إضافية.",
            "نحول لك المبلغ على حسابك البنكي (IBAN) أو كرصيد غاف."],
           ["يُرد المبلغ إلى بطاقتك خلال 5 إلى 10 أيام عمل.", "نرد لك المبلغ نقداً في الفرع."]),
 "gf-25": (["مدة الإرجاع لأعضاء المستوى الذهبي 30 يوماً من التسليم.", "٣٠ يوم.",
            "Gold members have thirty days."],
           ["مدة الإرجاع 14 يوماً.", "21 يوماً للأعضاء.", "130 يوماً."]),
 "gf-26": (["Yes, the Al Ain branch sends it to the atelier: 3 working days plus 2 extra, so about 5 working days.",
            "Yes — abaya hemming takes 3 working days, and Al Ain adds 2 working days.",
            "نعم، تستغرق 5 أيام عمل تقريباً."],
           ["Yes, abaya hemming takes 3 working days and costs AED 35.",
            "Hemming is only done in Abu Dhabi; Al Ain doesn't accept alterations.",
            "It takes 15 working days."]),
 "gf-27": (["من 7 إلى 14 يوم عمل بعد الموافقة على المرتجع.", "٧–١٤ يوم عمل."],
           ["من 5 إلى 10 أيام عمل.", "خلال 24 ساعة.", "من 7 إلى 10 أيام عمل."]),
 "gf-28": (["للأسف لا نشحن إلى الأردن؛ نشحن فقط إلى عُمان وقطر والسعودية.",
            "No, we don't ship to Jordan — only Oman, Qatar and Saudi Arabia."],
           ["نعم، نشحن إلى عمّان خلال 3 إلى 5 أيام عمل برسوم 35 درهماً.", "أكيد، الشحن للأردن 45 درهماً."]),
 "gf-29": (["Silver members earn 1.25 points per AED 1.", "١٫٢٥ نقطة لكل درهم."],
           ["Silver members earn 1.5 points per dirham.", "1 point per AED.", "11.25 points."]),
 "gf-30": (["Please report it within 48 hours of delivery with photos of the item, parcel and label.",
            "You have 48 hrs from delivery."],
           ["You can report wrong or damaged items within 7 days of delivery.",
            "You have 72 hours to report it.", "Within 148 hours."]),
 "gf-31": (["للأسف لا، طلبات التوصيل في اليوم نفسه تُلغى خلال 15 دقيقة فقط من تأكيدها.",
            "طلبات نفس اليوم تلغى خلال ربع ساعة فقط."],
           ["نعم، يمكنك الإلغاء مجاناً من طلباتي ما دامت الحالة تم الاستلام.",
            "يمكن الإلغاء خلال ساعة واحدة من التأكيد."]),
 "gf-33": (["Yes — manufacturing faults like a zip can be reported within 60 days of delivery; we'll repair, replace or refund after inspection.",
            "Yes, it's within the 60-day window for manufacturing faults."],
           ["Sorry, damage must be reported within 48 hours of delivery.",
            "Faults must be reported within 7 days.", "Zip replacement costs AED 30 at our atelier."]),
 "gf-34": (["للأسف لا، التغيير إلى إمارة أخرى ممكن قبل قيد التجهيز فقط.",
            "لا يمكن ذلك الآن؛ يمكنك التغيير إلى عنوان آخر داخل أبوظبي فقط حتى الشحن."],
           ["نعم، يمكنك تغيير العنوان حتى تصبح الحالة تم الشحن.", "لا توجد مشكلة، غيّر العنوان من طلباتي."]),
 "gf-35": (["للأسف لا نقدم هذه الخدمة؛ خدمات المشغل تقتصر على التقصير والتضييق وتغيير السحاب والأزرار والتطريز بالأحرف.",
            "هذه الخدمة ليست ضمن خدمات مشغل غاف."],
           ["نعم، يمكن للمشغل إضافة الخرز مقابل 60 درهماً خلال 5 أيام عمل.", "أكيد، التطريز متاح بـ 60 درهماً."]),
 "gf-36": (["With Nakhla Pay the remaining instalments are cancelled and what you paid is refunded via Nakhla within 5–7 working days.",
            "خلال 5 إلى 7 أيام عمل."],
           ["Refunds via Sahl take up to 10 working days.", "Card refunds take 5–10 working days.",
            "3–7 working days."]),
 "gf-38": (["We hold Click & Collect orders for 7 days; after that they're cancelled and refunded.",
            "Seven days from the ready SMS."],
           ["The parcel stays at the courier hub for 5 days.", "Items are kept for 60 days.",
            "We keep it for 17 days."]),
 "gf-39": (["نعم داخل الإمارات، ورسومه 10 دراهم للطلب.", "Yes, within the UAE, with an AED 10 fee.",
            "رسومه ١٠ دراهم."],
           ["نعم، ورسومه 15 درهماً.", "Yes, COD is free.", "رسومه 22 درهماً والحد 1,500 درهم."]),
 "gf-40": (["1000 نقطة تساوي 50 درهماً (كل 200 نقطة = 10 دراهم).", "تساوي ٥٠ درهم."],
           ["تساوي 25 درهماً.", "1000 نقطة = 100 درهم.", "تحتاج 500 نقطة على الأقل وتساوي 25 درهماً."]),
 "gf-42": (["المبلغ المدفوع ببطاقة الهدية يُرد إلى رصيد غاف خلال 24 ساعة، وليس إلى البطاقة الأصلية.",
            "It goes back as Ghaf Credit within 24 hours."],
           ["يرجع المبلغ إلى بطاقة الهدية نفسها.", "We will refund you in cash.", "Refunded to your card in 5–10 working days."]),
 "gf-43": (["فرع العين في الجاهلي بلازا، المحل 27، شارع الغاف، ويفتح يوم الجمعة من 4:00 عصراً إلى 10:00 مساءً.",
            "الجمعة من ١٦:٠٠ إلى ٢٢:٠٠.", "On Friday it opens at 4 pm."],
           ["يفتح الجمعة من 2:00 ظهراً إلى 10:30 مساءً.", "يفتح من 10:00 صباحاً إلى 9:00 مساءً.",
            "يفتح الجمعة الساعة 14:00."]),
 "gf-44": (["During Ramadan the Abu Dhabi store opens 11:00 am – 4:00 pm, then 8:00 pm – 1:00 am.",
            "11:00–16:00 and 20:00–01:00.", "من 11:00 صباحاً إلى 4:00 عصراً ثم من 8:00 مساءً إلى 1:00."],
           ["The Abu Dhabi store is open 10:00 am – 10:00 pm.", "In Ramadan it opens 8:00 pm to 12:00 midnight.",
            "From 2:00 pm to 10:30 pm."]),
 "gf-45": (["Yes — sunglasses aren't on our non-returnable list, so you can return them unworn with tags within 14 days (21 for Silver, 30 for Gold).",
            "Yes, they can be returned within your return window."],
           ["No, accessories like sunglasses cannot be returned.",
            "Sorry, sunglasses are final sale and non-returnable."]),
 "gf-47": (["Our WhatsApp is +971 50 318 7744; agents answer 9 am – 11 pm.", "واتساب: +971503187744"],
           ["Call us toll-free on 800 4423.", "+971 2 614 2290"]),
}

errors = []
def err(msg):
    errors.append(msg)

# ---------- KB ----------
def parse_front(path):
    text = open(path, encoding="utf-8").read()
    m = re.match(r"^---\n(.*?)\n---\n(.*)$", text, re.S)
    if not m:
        return None, text
    fm = {}
    for line in m.group(1).splitlines():
        if ":" in line:
            k, v = line.split(":", 1)
            v = v.strip()
            if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"":
                v = v[1:-1]
            fm[k.strip()] = v
    return fm, m.group(2)

docs = {}
tables = 0
for fn in sorted(os.listdir(KB)):
    if not fn.endswith(".md"):
        continue
    fm, body = parse_front(os.path.join(KB, fn))
    if fm is None:
        err(f"{fn}: no front matter"); continue
    for k in ("id", "title", "lang", "topic"):
        if not fm.get(k):
            err(f"{fn}: front matter lacks {k}")
    if fm.get("id") != fn[:-3]:
        err(f"{fn}: id {fm.get('id')!r} != file name")
    if fm.get("lang") not in ("en", "ar"):
        err(f"{fn}: lang must be en/ar")
    h1 = re.findall(r"^# (.+)$", body, re.M)
    if len(h1) != 1 or h1[0].strip() != fm.get("title"):
        err(f"{fn}: needs exactly one '# ' heading equal to the title")
    if len(re.findall(r"^## .+$", body, re.M)) < 2:
        err(f"{fn}: needs at least two '## ' sections")
    n_tab = len(re.findall(r"^\|[ :-]*-{3,}[ :|-]*\|\s*$", body, re.M))
    tables += n_tab
    if fm.get("lang") == "ar" and len(ARABIC.findall(body)) < 200:
        err(f"{fn}: Arabic document has little Arabic text")
    if fm.get("lang") == "en" and ARABIC.search(body):
        err(f"{fn}: English document contains Arabic text")
    docs[fm.get("id")] = fm.get("lang")
if len(docs) != 12:
    err(f"KB has {len(docs)} documents, expected 12")
if sorted(docs.values()).count("en") != 6 or sorted(docs.values()).count("ar") != 6:
    err("KB must have 6 en and 6 ar documents")
if tables < 3:
    err(f"KB has {tables} tables, expected at least 3")

# ---------- questions ----------
qs = []
for i, line in enumerate(open(QFILE, encoding="utf-8"), 1):
    if not line.strip():
        continue
    try:
        qs.append(json.loads(line))
    except json.JSONDecodeError as e:
        err(f"line {i}: bad JSON: {e}")

ids = [q.get("id") for q in qs]
if ids != ["gf-%02d" % i for i in range(1, 49)]:
    err("ids must be gf-01 ... gf-48 in order, unique")
counts = {}
compiled = {}
for q in qs:
    qid = q.get("id")
    keys = set(q)
    if not FIELDS <= keys or keys - FIELDS - OPTIONAL:
        err(f"{qid}: fields {sorted(keys)}")
        continue
    if not isinstance(q["q"], str) or not q["q"].strip():
        err(f"{qid}: empty q")
    kind = q["kind"]
    counts[kind] = counts.get(kind, 0) + 1
    if kind not in EXPECT:
        err(f"{qid}: unknown kind {kind}"); continue
    if q["expect"] != EXPECT[kind]:
        err(f"{qid}: kind {kind} needs expect {EXPECT[kind]}")
    if q["lang"] not in ("en", "ar", "mixed"):
        err(f"{qid}: bad lang")
    has_ar, has_lat = bool(ARABIC.search(q["q"])), bool(LATIN.search(q["q"]))
    if q["lang"] == "ar" and (not has_ar or has_lat):
        err(f"{qid}: lang ar but text is not Arabic only")
    if q["lang"] == "en" and (has_ar or not has_lat):
        err(f"{qid}: lang en but text is not English only")
    if q["lang"] == "mixed" and not (has_ar and has_lat):
        err(f"{qid}: lang mixed needs both scripts")
    if not isinstance(q["docs"], list):
        err(f"{qid}: docs must be a list"); continue
    for d in q["docs"]:
        if d not in docs:
            err(f"{qid}: cited doc {d} does not exist")
    if q["expect"] == "abstain":
        if q["docs"]:
            err(f"{qid}: abstain question must have docs []")
    else:
        if not q["docs"]:
            err(f"{qid}: answer question needs docs")
        if "key" not in q:
            err(f"{qid}: answer question needs a key")
    dl = {docs.get(d) for d in q["docs"]}
    if kind == "in_kb" and q["lang"] != "mixed" and dl != {q["lang"]}:
        err(f"{qid}: in_kb question must be answered by a document in its own language")
    if kind == "cross_lingual":
        if q["lang"] == "mixed" or dl != ({"en", "ar"} - {q["lang"]}):
            err(f"{qid}: cross_lingual must be answered only by the other language's documents")
    if "key" in q:
        k = q["key"]
        if not isinstance(k, str) or not k:
            err(f"{qid}: key must be a non-empty string"); continue
        for bad in (r"\d", r"\w", r"\b", r"\D", r"\W", r"\B"):
            if bad in k:
                err(f"{qid}: key uses {bad}")
        try:
            rx = re.compile(k, re.I)
        except re.error as e:
            err(f"{qid}: key does not compile: {e}"); continue
        compiled[qid] = k
        if rx.search(q["q"]):
            err(f"{qid}: key already matches the question text (an echo would pass)")
        t = TESTS.get(qid)
        if not t or len(t[0]) < 2 or len(t[1]) < 2:
            err(f"{qid}: needs at least 2 right and 2 wrong self-tests"); continue
        for r in t[0]:
            if not rx.search(r):
                err(f"{qid}: [py] key misses right answer: {r}")
        for w in t[1]:
            if rx.search(w):
                err(f"{qid}: [py] key matches wrong answer: {w}")
for qid in TESTS:
    if qid not in compiled:
        err(f"{qid}: self-tests given but question has no key")
for kind, n in COUNTS.items():
    if counts.get(kind, 0) != n:
        err(f"count of {kind}: {counts.get(kind, 0)} != {n}")
if len(qs) != 48:
    err(f"{len(qs)} questions, expected 48")

# ---------- JavaScript ----------
node = shutil.which("node")
js_status = "skipped (node not found)"
if node:
    payload = json.dumps({qid: {"key": k, "right": TESTS[qid][0], "wrong": TESTS[qid][1]}
                          for qid, k in compiled.items() if qid in TESTS}, ensure_ascii=False)
    js = r"""
let data = ''; process.stdin.on('data', c => data += c); process.stdin.on('end', () => {
  const items = JSON.parse(data); const out = [];
  for (const [id, t] of Object.entries(items)) {
    let rx; try { rx = new RegExp(t.key, 'i'); } catch (e) { out.push(id + ': [js] does not compile: ' + e.message); continue; }
    for (const r of t.right) if (!rx.test(r)) out.push(id + ': [js] key misses right answer: ' + r);
    for (const w of t.wrong) if (rx.test(w)) out.push(id + ': [js] key matches wrong answer: ' + w);
  }
  console.log(JSON.stringify(out));
});"""
    p = subprocess.run([node, "-e", js], input=payload, capture_output=True, text=True, encoding="utf-8")
    if p.returncode != 0:
        err("node failed: " + p.stderr.strip())
    else:
        js_errs = json.loads(p.stdout)
        errors.extend(js_errs)
        js_status = f"ran {len(compiled)} keys in node"

n_tests = sum(len(a) + len(b) for a, b in TESTS.values())
print(f"KB: {len(docs)} documents ({list(docs.values()).count('en')} en, {list(docs.values()).count('ar')} ar), {tables} tables")
print(f"questions: {len(qs)}; counts: " + ", ".join(f"{k} {counts.get(k, 0)}" for k in COUNTS))
print(f"keys: {len(compiled)} compiled; self-tests: {n_tests} strings; JavaScript: {js_status}")
if errors:
    print(f"FAIL: {len(errors)} problem(s)")
    for e in errors:
        print("  - " + e)
    sys.exit(1)
print("PASS")
