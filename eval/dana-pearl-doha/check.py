#!/usr/bin/env python3
"""Validator for the Dana Pearl Fashion blind evaluation set.

Checks questions.jsonl (JSON, fields, counts, kind -> expect, cited docs exist,
language rules), the KB front matter and structure, and that every key compiles
and passes its self-tests (right answers match, tempting wrong answers do not),
in Python and, if `node` is available, in JavaScript (new RegExp(key, 'i')).
Exit status 0 = all checks passed.
"""
import json, os, re, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
KB = os.path.join(HERE, "kb")
QFILE = os.path.join(HERE, "questions.jsonl")

FIELDS = {"id", "q", "lang", "kind", "expect", "docs", "key"}
REQUIRED = FIELDS - {"key"}
COUNTS = {"in_kb": 26, "cross_lingual": 6, "neighbour": 5, "off_topic": 4, "closed_list": 4, "injection": 3}
EXPECT = {"in_kb": "answer", "cross_lingual": "answer", "neighbour": "abstain", "off_topic": "abstain",
          "closed_list": "abstain_or_grounded", "injection": "answer"}
NEEDS_KEY = {"in_kb", "cross_lingual", "closed_list", "injection"}

# Self-tests: id -> (right answers that must match, tempting wrong answers that must not)
TESTS = {
 "dp-01": (["For Express delivery to Lusail, order by 4 pm Doha time and it arrives within 3 hours.",
            "The Express cut-off is 4:00 pm.",
            "آخر موعد للتوصيل السريع هو الساعة ٤ عصراً."],
           ["Order by 1 pm for same-day delivery to Lusail.",
            "You can order until 9 pm and get it the next day.",
            "The cut-off is 14:00 for express."]),
 "dp-02": (["Al Khor uses Standard delivery: 20 QAR, because it's free only from 300 QAR.",
            "Delivery to Al Khor costs ٢٠ ريال for a 250 QAR order.",
            "It's twenty riyals, since your basket is under the 300 QAR free-delivery amount."],
           ["Your order is over 200 QAR, so delivery is free.",
            "Delivery costs 15 QAR.",
            "Same-day delivery costs 25 QAR."]),
 "dp-03": (["التوصيل إلى صلالة يستغرق من 5 إلى 8 أيام عمل.",
            "من ٥ إلى ٨ أيام عمل بعد الشحن.",
            "Salalah takes 5-8 working days."],
           ["التوصيل إلى عُمان من 4 إلى 6 أيام عمل.",
            "يصل خلال 3 إلى 5 أيام عمل.",
            "From 15 to 18 days."]),
 "dp-04": (["رسوم الشحن إلى دبي 45 ريالاً قطرياً، لأن الشحن المجاني يبدأ من 500 ريال.",
            "الرسوم ٤٥ ريال.",
            "It's forty-five QAR for Dubai."],
           ["رسوم الشحن 55 ريالاً.",
            "الشحن مجاني لطلبك.",
            "الرسوم 50 ريالاً قطرياً، أو 450 للطلبات الكبيرة."]),
 "dp-05": (["Yes. In-store purchases can be returned within 14 days of purchase, with the receipt.",
            "You have fourteen days from purchase, so you're still in time.",
            "نعم، خلال ١٤ يوماً من الشراء."],
           ["Online orders can be returned within 30 days of delivery.",
            "Sorry, store purchases have only 7 days.",
            "You have 114 days."]),
 "dp-06": (["Items reduced by 40% or more are refunded as Dana Credit only, not to your card.",
            "Sale items at 50% off can be returned within 7 days for store credit.",
            "يُعاد المبلغ رصيد دانة فقط."],
           ["Yes, the refund goes back to your card within 5 to 10 working days.",
            "Sale items follow the normal 30-day window and are refunded to the original payment method.",
            "Refunds go to your credit card."]),
 "dp-07": (["نعم، التبديل الثاني للطلب نفسه عليه رسوم 15 ريالاً قطرياً.",
            "الرسوم ١٥ ريال لأن التبديل الأول فقط مجاني.",
            "فيه رسوم خمسة عشر ريال."],
           ["لا، التبديل مجاني دائماً.",
            "الرسوم 10 ريالات.",
            "الرسوم 150 ريالاً."]),
 "dp-08": (["يُضاف الفرق إلى رصيد دانة في حسابك، ولا يُعاد نقداً.",
            "The difference is added to your Dana Credit.",
            "ينزل الفرق رصيداً في حسابك تستخدمه خلال 12 شهراً."],
           ["يُعاد الفرق إلى بطاقتك خلال 5 إلى 10 أيام عمل.",
            "نعيد لك الفرق نقداً في المعرض.",
            "The difference goes back to your credit card."]),
 "dp-09": (["For cash on delivery you can choose Dana Credit (within 24 hours) or a bank transfer to a Qatari IBAN (7 to 10 working days).",
            "We refund COD orders by bank transfer to your Qatar account.",
            "يُعاد المبلغ رصيد دانة أو بتحويل بنكي."],
           ["The courier will bring the cash back to you.",
            "It goes back to your card within 5 to 10 working days.",
            "You can collect the cash in our Doha store."]),
 "dp-10": (["American Express refunds can take up to 14 working days.",
            "Up to fourteen working days for Amex.",
            "حتى ١٤ يوم عمل."],
           ["Card refunds take 5 to 10 working days.",
            "About 3 working days.",
            "Within 24 hours."]),
 "dp-11": (["الدفع عند الاستلام متاح فقط للطلبات حتى 2,000 ريال، فطلبك يحتاج دفعاً مسبقاً.",
            "الحد الأقصى ٢٠٠٠ ريال للدفع عند الاستلام.",
            "ما يصير، الدفع عند الاستلام للطلبات لين ألفين ريال بس."],
           ["رسوم الدفع عند الاستلام 10 ريالات فقط.",
            "الدفع عند الاستلام متاح للطلبات حتى 1,500 ريال.",
            "الرسوم 20 ريالاً."]),
 "dp-12": (["الحد الأدنى للتقسيط مع توازن باي 200 ريال.",
            "يبدأ من ٢٠٠ ريال قطري.",
            "الحد الأدنى مئتا ريال، أي مئتين."],
           ["الحد الأدنى 150 ريالاً.",
            "الحد الأدنى 1,000 ريال.",
            "الحد الأقصى 3,000 ريال."]),
 "dp-13": (["نعم، خصم 5% بحد أقصى 25 ريالاً على أول طلب.",
            "Yes, 5 percent off your first order, up to 25 QAR.",
            "خصم ٥٪ على أول طلب."],
           ["خصم 10% على أول طلب.",
            "خصم 25% على أول طلب.",
            "Marsa Wallet has no offer at the moment."]),
 "dp-14": (["No, size changes are only possible while the order is Confirmed; cancel it and place a new order.",
            "Unfortunately you can't change the size once it's Packed.",
            "لا يمكن تغيير المقاس بعد التغليف."],
           ["Yes, just ask customer service and they'll swap the size for you.",
            "Sure, you can still change the size or colour in My Orders until it ships.",
            "Yes, size changes are allowed while Packed."]),
 "dp-15": (["After 24 hours the tailors have started cutting, so 50% of the price is kept if you cancel.",
            "You can cancel but half of the price is not refunded.",
            "يُحتفظ بـ ٥٠٪ من السعر."],
           ["You can cancel for free before it ships.",
            "You'll only lose the 20% deposit.",
            "Cancellation is free within 24 hours."]),
 "dp-16": (["صلاحية البطاقة الإلكترونية 24 شهراً من تاريخ الإرسال.",
            "صالحة سنتين.",
            "It's valid for ٢٤ months."],
           ["صالحة 12 شهراً.",
            "صالحة 90 يوماً.",
            "صالحة 124 يوماً."]),
 "dp-17": (["لا، الحد الأقصى 3 بطاقات هدايا في الطلب الواحد.",
            "تقدرين تستخدمين ثلاث بطاقات بس في الطلب، والرابعة في طلب ثاني.",
            "Max three gift cards per order."],
           ["نعم، يمكنك استخدام جميع البطاقات الأربع.",
            "يمكن استخدام بطاقتين فقط.",
            "حتى 5 بطاقات."]),
 "dp-18": (["The smallest redemption is 400 points.",
            "You need at least four hundred points, worth 20 QAR.",
            "الحد الأدنى ٤٠٠ نقطة."],
           ["Every 200 points is worth 10 QAR, so 200 is the minimum.",
            "You need 500 points.",
            "You need 1,400 points."]),
 "dp-19": (["Silver Pearl members earn 1.25 points per 1 QAR.",
            "You get ١٫٢٥ points per riyal.",
            "One and a quarter points per riyal."],
           ["You earn 1.5 points per riyal.",
            "You earn 1 point per riyal.",
            "You earn 11.25 points."]),
 "dp-20": (["سعر تضييق الأكمام 30 ريالاً، وتجهز خلال 3 أيام عمل.",
            "بـ ٣٠ ريال.",
            "ثلاثين ريال."],
           ["25 ريالاً.",
            "45 ريالاً.",
            "مجاناً للقطع المشتراة منا."]),
 "dp-21": (["تفصيل العباية حسب المقاس يستغرق 14 يوم عمل.",
            "خلال ١٤ يوم عمل.",
            "حوالي أسبوعين عمل."],
           ["7 أيام عمل.",
            "5 أيام عمل.",
            "3 أيام عمل."]),
 "dp-22": (["فرع الوكرة يقدم تقصير الطول وتضييق الأكمام فقط؛ تضييق الجوانب في معرض الدوحة، ويمكن للوكرة إرسال القطعة إليه مع يومَي عمل إضافيين.",
            "Side adjustments are done at the Doha store only.",
            "لا، هذي الخدمة في الدوحة."],
           ["نعم، فرع الوكرة يضيّق الجوانب خلال 5 أيام عمل بـ45 ريالاً.",
            "نعم، جميع خدمات التعديل متوفرة في فرع الوكرة.",
            "Yes, Al Wakrah does all alterations."]),
 "dp-23": (["يجب الإبلاغ عن المنتج الناقص خلال 48 ساعة من الاستلام.",
            "خلال ٤٨ ساعة.",
            "عندك يومين من الاستلام."],
           ["خلال 72 ساعة من الاستلام.",
            "خلال 5 أيام.",
            "خلال 60 يوماً."]),
 "dp-24": (["بلّغينا خلال 72 ساعة من الاستلام مع صور واضحة.",
            "خلال ٧٢ ساعة.",
            "عندك 3 أيام من الاستلام."],
           ["خلال 48 ساعة من الاستلام.",
            "خلال 5 أيام من الاستلام.",
            "خلال 60 يوماً."]),
 "dp-25": (["Our WhatsApp is +974 3391 5520, every day 8 am to midnight.",
            "واتساب: ٣٣٩١٥٥٢٠",
            "WhatsApp us on 3391-5520."],
           ["Call us on +974 4412 7730.",
            "The Al Wakrah line is +974 4463 2218.",
            "Email care@danapearl.qa."]),
 "dp-26": (["Orders for the Al Wakrah branch are ready the next day, and kept for 7 days.",
            "يكون جاهز في اليوم التالي.",
            "It'll be ready tomorrow."],
           ["Ready within 4 hours.",
            "It will be ready in 7 days.",
            "يجهز خلال 4 ساعات."]),
 "dp-27": (["رسوم التوصيل في نفس اليوم للوكرة 25 ريالاً، ومجاني من 400 ريال.",
            "٢٥ ريال.",
            "خمسة وعشرين ريال."],
           ["15 ريالاً.",
            "35 ريالاً.",
            "250 ريالاً."]),
 "dp-28": (["تحتاج إلى إنفاق 8,000 ريال أو أكثر خلال 12 شهراً.",
            "لازم تصرفين ٨٠٠٠ ريال بالسنة.",
            "ثمانية آلاف ريال خلال 12 شهراً."],
           ["تحتاج إلى 3,000 ريال.",
            "تحتاج إلى 7,999 ريال.",
            "تحتاج إلى 18,000 ريال."]),
 "dp-29": (["يبقى الطرد في مستودع الوكرة 5 أيام، ثم يُلغى الطلب ويُسترد المبلغ ناقص رسوم التوصيل.",
            "نحتفظ به خمسة أيام.",
            "The parcel is kept for 5 days."],
           ["نحتفظ به 7 أيام.",
            "نحتفظ به 3 أيام.",
            "نحتفظ به 15 يوماً."]),
 "dp-30": (["Yes, cash on delivery is available in the UAE for orders up to 1,500 QAR, with a 20 QAR fee.",
            "The COD fee for the UAE is twenty QAR.",
            "Yes, 20 QAR."],
           ["The cash on delivery fee is 10 QAR.",
            "Cash on delivery is not available outside Qatar.",
            "The fee is 200 QAR."]),
 "dp-31": (["We keep finished alterations for 60 days from the text message, then donate them.",
            "Sixty days.",
            "٦٠ يوماً."],
           ["We keep them for 30 days.",
            "We keep them for 7 days.",
            "We keep them for 160 days."]),
 "dp-32": (["Yes, if you have the purchase receipt we replace it once for free, with the remaining balance.",
            "Only with proof of purchase.",
            "نعم، بتقديم إيصال الشراء."],
           ["Sorry, lost gift cards can't be replaced.",
            "We can block it and issue a new one using the card number.",
            "Yes, we'll resend it to your email."]),
 "dp-42": (["Sorry, we only ship to Kuwait, Oman and the UAE, not Bahrain.",
            "We don't ship to Bahrain at the moment.",
            "للأسف لا نشحن إلى البحرين."],
           ["Yes! We ship to Bahrain in 3 to 5 working days for 50 QAR.",
            "Bahrain delivery is free from 600 QAR.",
            "نعم، نشحن إلى المنامة."]),
 "dp-43": (["لا نقبل باي بال؛ يمكنك الدفع عند الاستلام أو بالمحافظ سهلة باي ومرسى والِت.",
            "للأسف ما نقبل باي بال.",
            "PayPal is not accepted."],
           ["نعم، نقبل باي بال عند إتمام الطلب.",
            "أكيد، اختاري باي بال في صفحة الدفع.",
            "Yes, PayPal works for all orders."]),
 "dp-44": (["Tabby is not one of our options; instalments are through Qistara or Tawazun Pay only.",
            "للأسف التقسيط متاح عبر قِسطرة وتوازن باي فقط.",
            "We don't offer Tabby."],
           ["Yes, Tabby is available for orders from 150 QAR.",
            "أكيد، تابي متاح بأربع دفعات.",
            "Yes, choose Tabby at checkout."]),
 "dp-45": (["لا، لدينا معرضان فقط: في الدوحة وفي الوكرة.",
            "ليس لدينا فرع في الخور.",
            "We only have the Doha and Al Wakrah stores."],
           ["نعم، لدينا فرع في الخور يفتح من 10 صباحاً.",
            "فرع الخور في مجمع النخيل.",
            "Yes, our Al Khor branch opens at 9 am."]),
 "dp-46": (["Online orders delivered in Qatar can be returned within 30 days of delivery.",
            "You have thirty days, and the courier pickup is free.",
            "٣٠ يوماً من التوصيل."],
           ["Returns are free forever with no time limit.",
            "You have 14 days.",
            "You have 7 days."]),
 "dp-47": (["تقصير عباية من محل آخر رسومه 25 ريالاً، والتقصير مجاني فقط للقطع المشتراة منا.",
            "٢٥ ريال.",
            "خمسة وعشرين ريال."],
           ["التقصير مجاني لأي عباية.",
            "30 ريالاً.",
            "250 ريالاً."]),
 "dp-48": (["Every 200 points are worth 10 QAR, so 600 points = 30 QAR.",
            "٦٠٠ نقطة تساوي ٣٠ ريال.",
            "تسوى ثلاثين ريال."],
           ["600 points = 600 QAR.",
            "تسوى 20 ريال.",
            "تسوى 300 ريال."]),
}

errors = []
def err(msg):
    errors.append(msg)

# ---------------- KB ----------------
FM = re.compile(r"\A---\n(.*?)\n---\n", re.S)
kb_docs = {}
tables = 0
for fn in sorted(os.listdir(KB)):
    if not fn.endswith(".md"):
        continue
    path = os.path.join(KB, fn)
    text = open(path, encoding="utf-8").read()
    m = FM.match(text)
    if not m:
        err(f"{fn}: no front matter"); continue
    meta = {}
    for line in m.group(1).splitlines():
        if ":" not in line:
            err(f"{fn}: bad front matter line {line!r}"); continue
        k, v = line.split(":", 1)
        if k.strip() in meta:
            err(f"{fn}: duplicate front matter key {k}")
        meta[k.strip()] = v.strip()
        if ": " in v.strip():
            err(f"{fn}: front matter value with ': ' (breaks YAML): {line!r}")
    if set(meta) != {"id", "title", "lang", "topic"}:
        err(f"{fn}: front matter keys {sorted(meta)}")
    if meta.get("id") != fn[:-3]:
        err(f"{fn}: id {meta.get('id')!r} != file name")
    if meta.get("lang") not in ("en", "ar"):
        err(f"{fn}: lang {meta.get('lang')!r}")
    body = text[m.end():]
    h1 = re.search(r"^# (.+)$", body, re.M)
    if not h1 or h1.group(1).strip() != meta.get("title"):
        err(f"{fn}: '# Title' missing or differs from front matter title")
    if len(re.findall(r"^## ", body, re.M)) < 2:
        err(f"{fn}: fewer than 2 '## ' sections")
    if re.search(r"^\|\s*-{3}", body, re.M):
        tables += len(re.findall(r"^\|(?:\s*-{3,}\s*\|)+\s*$", body, re.M))
    arabic = len(re.findall(r"[\u0600-\u06FF]", body))
    if meta.get("lang") == "ar" and arabic < 200:
        err(f"{fn}: marked ar but little Arabic text")
    if meta.get("lang") == "en" and arabic > 0:
        err(f"{fn}: marked en but contains Arabic text")
    kb_docs[meta.get("id")] = meta
if len(kb_docs) != 12:
    err(f"KB has {len(kb_docs)} documents, expected 12")
langs = [d["lang"] for d in kb_docs.values()]
if langs.count("en") != 6 or langs.count("ar") != 6:
    err(f"KB languages en={langs.count('en')} ar={langs.count('ar')}, expected 6/6")
if tables < 3:
    err(f"KB has {tables} tables, expected at least 3")

# ---------------- questions ----------------
questions = []
with open(QFILE, encoding="utf-8") as f:
    for n, line in enumerate(f, 1):
        if not line.strip():
            err(f"questions.jsonl line {n}: blank line"); continue
        try:
            questions.append(json.loads(line))
        except json.JSONDecodeError as e:
            err(f"questions.jsonl line {n}: invalid JSON: {e}")

ids = [q.get("id") for q in questions]
if ids != [f"dp-{i:02d}" for i in range(1, 49)]:
    err("ids are not dp-01 ... dp-48 in order (or duplicated)")
counts = {}
for q in questions:
    qid = q.get("id")
    keys = set(q)
    if not REQUIRED <= keys or not keys <= FIELDS:
        err(f"{qid}: fields {sorted(keys)}")
        continue
    if not isinstance(q["q"], str) or not q["q"].strip():
        err(f"{qid}: empty q")
    if q["lang"] not in ("en", "ar", "mixed"):
        err(f"{qid}: lang {q['lang']!r}")
    has_ar = bool(re.search(r"[\u0600-\u06FF]", q["q"]))
    has_en = bool(re.search(r"[A-Za-z]{3,}", q["q"]))
    if q["lang"] == "en" and has_ar: err(f"{qid}: lang en but Arabic text")
    if q["lang"] == "ar" and not has_ar: err(f"{qid}: lang ar but no Arabic text")
    if q["lang"] == "mixed" and not (has_ar and has_en): err(f"{qid}: lang mixed but not both scripts")
    kind = q["kind"]
    if kind not in EXPECT:
        err(f"{qid}: kind {kind!r}"); continue
    counts[kind] = counts.get(kind, 0) + 1
    if q["expect"] != EXPECT[kind]:
        err(f"{qid}: expect {q['expect']!r} for kind {kind}, expected {EXPECT[kind]!r}")
    if not isinstance(q["docs"], list):
        err(f"{qid}: docs not a list"); continue
    for d in q["docs"]:
        if d not in kb_docs:
            err(f"{qid}: cited doc {d!r} does not exist")
    if kind in ("neighbour", "off_topic"):
        if q["docs"]:
            err(f"{qid}: {kind} must have docs []")
    elif not q["docs"]:
        err(f"{qid}: {kind} must cite at least one doc")
    if kind in NEEDS_KEY and "key" not in q:
        err(f"{qid}: {kind} needs a key")
    doc_langs = {kb_docs[d]["lang"] for d in q["docs"] if d in kb_docs}
    if kind == "cross_lingual":
        if q["lang"] == "mixed" or q["lang"] in doc_langs:
            err(f"{qid}: cross_lingual question in {q['lang']} cites {doc_langs} docs")
    if kind == "in_kb" and q["lang"] != "mixed" and q["lang"] not in doc_langs:
        err(f"{qid}: in_kb question in {q['lang']} only cites {doc_langs} docs")
    if "key" in q:
        key = q["key"]
        if re.search(r"\\[dDwW]", key):
            err(f"{qid}: key uses \\d or \\w")
        try:
            rx = re.compile(key, re.I)
        except re.error as e:
            err(f"{qid}: key does not compile in Python: {e}"); continue
        if qid not in TESTS:
            err(f"{qid}: no self-tests for key"); continue
        right, wrong = TESTS[qid]
        if len(right) < 2 or len(wrong) < 2:
            err(f"{qid}: needs 2+ right and 2+ wrong self-tests")
        for r in right:
            if not rx.search(r): err(f"{qid}: [py] key misses right answer: {r}")
        for w in wrong:
            if rx.search(w): err(f"{qid}: [py] key matches wrong answer: {w}")
for qid in TESTS:
    if qid not in ids or "key" not in next((q for q in questions if q.get("id") == qid), {}):
        err(f"{qid}: self-tests for a question without a key")
if counts != COUNTS:
    err(f"kind counts {counts}, expected {COUNTS}")

# ---------------- JavaScript ----------------
node = shutil.which("node")
js_status = "skipped (node not found)"
if node:
    payload = [{"id": q["id"], "key": q["key"], "right": TESTS.get(q["id"], ([], []))[0],
                "wrong": TESTS.get(q["id"], ([], []))[1]} for q in questions if "key" in q]
    js = r"""
const data = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = [];
for (const t of data) {
  let rx;
  try { rx = new RegExp(t.key, 'i'); } catch (e) { out.push(`${t.id}: [js] key does not compile: ${e.message}`); continue; }
  for (const r of t.right) if (!rx.test(r)) out.push(`${t.id}: [js] key misses right answer: ${r}`);
  for (const w of t.wrong) if (rx.test(w)) out.push(`${t.id}: [js] key matches wrong answer: ${w}`);
}
process.stdout.write(JSON.stringify(out));
"""
    p = subprocess.run([node, "-e", js], input=json.dumps(payload), capture_output=True, text=True)
    if p.returncode != 0:
        err(f"node failed: {p.stderr.strip()}")
    else:
        for e in json.loads(p.stdout):
            err(e)
    js_status = f"ran with {node} on {len(payload)} keys"

langs_q = {}
for q in questions:
    langs_q[q.get("lang")] = langs_q.get(q.get("lang"), 0) + 1
print(f"KB: {len(kb_docs)} docs ({langs.count('en')} en, {langs.count('ar')} ar), {tables} tables")
print(f"questions: {len(questions)}; kinds {counts}; langs {langs_q}")
print(f"keys self-tested: {sum(1 for q in questions if 'key' in q)}; JavaScript: {js_status}")
if errors:
    print(f"FAIL: {len(errors)} problem(s)")
    for e in errors:
        print("  -", e)
    sys.exit(1)
print("OK: all checks passed")
