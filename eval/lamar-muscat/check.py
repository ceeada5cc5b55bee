#!/usr/bin/env python3
"""Validator for the Lamar Couture blind evaluation set.

Checks questions.jsonl (JSON, fields, ids, counts, kind->expect, cited docs exist,
cross-lingual language pairing), the KB front matter and structure, that every key
compiles (Python, and JavaScript via node when available), and self-tests every key
against plausible right answers (must match) and tempting wrong answers (must not).
Run: python3 check.py   (exit code 0 = pass)
"""
import json, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
KB = os.path.join(HERE, 'kb')
QFILE = os.path.join(HERE, 'questions.jsonl')

EXPECT = {'in_kb': 'answer', 'cross_lingual': 'answer', 'injection': 'answer',
          'neighbour': 'abstain', 'off_topic': 'abstain', 'closed_list': 'abstain_or_grounded'}
COUNTS = {'in_kb': 26, 'cross_lingual': 6, 'neighbour': 5, 'off_topic': 4, 'closed_list': 4, 'injection': 3}
FIELDS = ['id', 'q', 'lang', 'kind', 'expect', 'docs']

# Self-tests: for every question with a key, answers that must match ("right")
# and tempting answers built from neighbouring rows/cases that must not ("wrong").
TESTS = {
 "lm-01": {
  "right": [
   "التوصيل السريع إلى صحار يصلك في يوم العمل التالي مقابل 3.500 ر.ع إذا أكدتِ الطلب قبل الساعة 1 ظهراً.",
   "Express delivery to Sohar is ٣٫٥٠٠ ر.ع (next working day).",
   "رسومه ٣.٥ ريال عماني"
  ],
  "wrong": [
   "رسوم التوصيل السريع 3.000 ر.ع ويصل في اليوم نفسه.",
   "التوصيل إلى صحار 2.000 ر.ع ويستغرق 2 إلى 3 أيام عمل.",
   "الرسوم 13.500 ر.ع"
  ]
 },
 "lm-02": {
  "right": [
   "Standard delivery to Salalah costs 3.000 OMR, because free delivery there starts at 35.000 OMR. It takes 3–5 working days.",
   "It would be OMR 3 for Salalah.",
   "The fee is ٣ ر.ع"
  ],
  "wrong": [
   "Delivery to Salalah is free for orders over 25.000 OMR, so yours ships free in 3–5 working days.",
   "Salalah delivery costs 4.000 OMR.",
   "It costs 2.500 OMR and takes 3 days."
  ]
 },
 "lm-03": {
  "right": [
   "It missed the Monday 8:00 PM cut-off for Tuesday, so it leaves Muscat on Thursday.",
   "Your parcel will be dispatched on Thursday.",
   "يُشحن طلبك يوم الخميس"
  ],
  "wrong": [
   "It leaves Muscat on Tuesday.",
   "International orders leave on Sunday, so it will go out on Sunday."
  ]
 },
 "lm-04": {
  "right": [
   "Khobar is outside Riyadh, Jeddah and Dammam, so shipping is 6.500 OMR (free from 60.000 OMR).",
   "It is OMR 6.5.",
   "٦٫٥٠٠ ر.ع"
  ],
  "wrong": [
   "Shipping to Khobar is 5.500 OMR, same as Dammam.",
   "It is 4.500 OMR.",
   "It costs 16.500 OMR"
  ]
 },
 "lm-06": {
  "right": [
   "نعم، خطة ميزان 6 عليها رسوم إدارية 4% من قيمة الطلب.",
   "الرسوم ٤٪ من قيمة الطلب",
   "رسوم إدارية أربعة بالمئة"
  ],
  "wrong": [
   "ميزان 6 بدون فوائد ولا رسوم.",
   "عليها رسوم 2% وغرامة تأخير 2.000 ر.ع.",
   "الرسوم 14% من قيمة الطلب"
  ]
 },
 "lm-07": {
  "right": [
   "Sale items discounted 20%–49% can be returned within 7 days of delivery.",
   "You have seven days.",
   "لديك ٧ أيام"
  ],
  "wrong": [
   "You have 14 days from delivery.",
   "Sale items cannot be returned.",
   "You can exchange it within 21 days."
  ]
 },
 "lm-08": {
  "right": [
   "Sorry, we don't ship to Kuwait. Outside Oman we only ship to the UAE, Saudi Arabia and Bahrain.",
   "Unfortunately Kuwait is not on our shipping list.",
   "للأسف لا نوصل إلى الكويت"
  ],
  "wrong": [
   "Yes, we ship to Kuwait in 4–6 working days.",
   "Sure! Kuwait shipping is 4.500 OMR, free from 50.000 OMR."
  ]
 },
 "lm-09": {
  "right": [
   "الحد الأقصى لطلبات الدفع عند الاستلام داخل عُمان 80.000 ر.ع.",
   "يصل الحد إلى ٨٠ ريالاً عمانياً.",
   "80 OMR"
  ],
  "wrong": [
   "الحد الأقصى 50.000 ر.ع.",
   "الطلبات فوق 40.000 ر.ع تحتاج تأكيداً هاتفياً.",
   "180.000 ر.ع"
  ]
 },
 "lm-10": {
  "right": [
   "عندك 14 يوم من تاريخ التسليم لإرجاع القطع بسعر كامل.",
   "You have 14 days from delivery.",
   "مهلة الإرجاع أربعة عشر يوماً"
  ],
  "wrong": [
   "عندك 21 يوم من التسليم.",
   "المهلة 7 أيام فقط.",
   "يمكنك الإرجاع خلال 10 أيام."
  ]
 },
 "lm-12": {
  "right": [
   "Apple Pay refunds go back to the linked card within 5–7 working days after the return is approved.",
   "It takes five to seven working days.",
   "خلال ٥ إلى ٧ أيام عمل"
  ],
  "wrong": [
   "Card refunds take 7–10 working days.",
   "You will get it within 1–2 working days.",
   "Refunds take 3–5 working days."
  ]
 },
 "lm-13": {
  "right": [
   "صلاحية البطاقة الإلكترونية 12 شهراً من تاريخ الشراء.",
   "صالحة لمدة ١٢ شهر",
   "البطاقة صالحة سنة واحدة"
  ],
  "wrong": [
   "صلاحيتها 24 شهراً من الشراء.",
   "صالحة 18 شهراً.",
   "يمكن تمديدها 6 أشهر."
  ]
 },
 "lm-14": {
  "right": [
   "Same-day delivery in Muscat costs 3.000 OMR if you confirm before 11:00 AM (Sunday–Thursday).",
   "It is OMR 3, order before 11 AM.",
   "٣ ر.ع للتوصيل في اليوم نفسه"
  ],
  "wrong": [
   "Sure, your express delivery is free!",
   "Express costs 3.500 OMR.",
   "Standard delivery in Muscat is 1.500 OMR and takes 1–2 days."
  ]
 },
 "lm-15": {
  "right": [
   "Yes, within the first 60 minutes you can change the size through chat.",
   "Yes — within one hour of ordering you can change it through chat.",
   "نعم خلال أول ٦٠ دقيقة عبر المحادثة"
  ],
  "wrong": [
   "No, once placed you can only exchange it after delivery.",
   "Yes, you can change it within 24 hours in the app.",
   "You can change it any time before it is packed."
  ]
 },
 "lm-16": {
  "right": [
   "تضييق العباية 3.500 ر.ع ويستغرق 5 أيام عمل.",
   "السعر ٣٫٥٠٠ ر.ع والمدة ٥ أيام عمل",
   "خمسة أيام عمل، والتكلفة 3.5 ريال"
  ],
  "wrong": [
   "تقصير العباية 2.000 ر.ع ويستغرق 3 أيام عمل.",
   "التضييق 3.500 ر.ع ويستغرق 3 أيام عمل.",
   "التكلفة 4.000 ر.ع خلال 5 أيام."
  ]
 },
 "lm-18": {
  "right": [
   "Mizan 4 is available for orders from 20.000 OMR up to 300.000 OMR.",
   "The minimum is OMR 20.",
   "الحد الأدنى ٢٠ ر.ع"
  ],
  "wrong": [
   "The minimum is 100.000 OMR.",
   "There is no minimum, any order can be split.",
   "Minimum order is 120.000 OMR."
  ]
 },
 "lm-19": {
  "right": [
   "Gold members earn 15 points per 1 OMR spent.",
   "You get 15 pts for every rial.",
   "١٥ نقطة لكل ريال"
  ],
  "wrong": [
   "You earn 10 points per OMR.",
   "Gold gives 20 points per 1 OMR.",
   "You earn 1.5 points per OMR."
  ]
 },
 "lm-20": {
  "right": [
   "لا، الحد الأقصى بطاقتا هدايا في الطلب الواحد.",
   "تقدرين تستخدمين بطاقتين بس في الطلب.",
   "Only 2 gift cards can be used per order."
  ],
  "wrong": [
   "نعم تقدرين تستخدمين الثلاث كلها.",
   "الحد الأقصى 5 بطاقات في الطلب الواحد."
  ]
 },
 "lm-21": {
  "right": [
   "No, the Sohar branch is closed on Fridays.",
   "Sorry, Sohar is closed every Friday (except during Ramadan).",
   "فرع صحار مغلق يوم الجمعة"
  ],
  "wrong": [
   "Yes, it is open from 4:00 PM to 10:00 PM.",
   "Yes, Sohar opens 4:30 PM–10:00 PM on Friday."
  ]
 },
 "lm-23": {
  "right": [
   "Shipping to Bahrain is free from 50.000 OMR; below that it is 4.500 OMR.",
   "From OMR 50.",
   "من ٥٠ ر.ع"
  ],
  "wrong": [
   "Free shipping starts at 45.000 OMR.",
   "Free from 60.000 OMR.",
   "From 150.000 OMR."
  ]
 },
 "lm-24": {
  "right": [
   "يجب الإبلاغ خلال 48 ساعة من التسليم مع 3 صور.",
   "المهلة ٤٨ ساعة",
   "You have 48 hours from delivery."
  ],
  "wrong": [
   "لديك 7 أيام من التسليم.",
   "المهلة 72 ساعة.",
   "خلال 3 أيام."
  ]
 },
 "lm-25": {
  "right": [
   "Pickup from the Sohar branch is ready the next working day after 4:00 PM.",
   "يكون جاهز في يوم العمل التالي بعد الساعة 4 عصراً",
   "It will be ready tomorrow after 4 PM (next working day)."
  ],
  "wrong": [
   "It will be ready within 4 hours.",
   "جاهز في نفس اليوم خلال 4 ساعات."
  ]
 },
 "lm-26": {
  "right": [
   "للأسف لا نقبل PayPal؛ نقبل فيزا وماستركارد وApple Pay وفلج باي وميزان والدفع عند الاستلام فقط.",
   "PayPal غير متاح لدينا.",
   "Sorry, PayPal is not accepted."
  ],
  "wrong": [
   "نعم، نقبل PayPal عند إتمام الطلب.",
   "أكيد تقدر تدفع بباي بال.",
   "نعم، مثلا يمكنك اختيار PayPal عند الدفع."
  ]
 },
 "lm-27": {
  "right": [
   "A courier pickup outside Muscat Governorate costs 2.000 OMR, deducted from your refund (store drop-off is free).",
   "It is OMR 2.",
   "٢ ر.ع تخصم من المبلغ"
  ],
  "wrong": [
   "Pickup costs 1.000 OMR.",
   "Pickup is free.",
   "It costs 2.500 OMR."
  ]
 },
 "lm-28": {
  "right": [
   "الاستبدال الثاني للقطعة نفسها خارج مسقط وصحار رسومه 2.500 ر.ع.",
   "الرسوم ٢٫٥٠٠ ر.ع",
   "2.5 OMR"
  ],
  "wrong": [
   "رسوم الاستبدال الثاني 1.500 ر.ع.",
   "الاستبدال مجاني دائماً.",
   "الرسوم 12.500 ر.ع"
  ]
 },
 "lm-29": {
  "right": [
   "تصل إلى الفئة البلاتينية عندما تنفق 400.000 ر.ع أو أكثر في السنة الميلادية.",
   "٤٠٠ ريال عماني في السنة",
   "400 OMR in a calendar year"
  ],
  "wrong": [
   "تحتاج إلى إنفاق 150.000 ر.ع.",
   "تحتاج إلى 1,000 نقطة.",
   "399.999 ر.ع"
  ]
 },
 "lm-30": {
  "right": [
   "تقصير الأكمام بـ 1.500 ر.ع ويجهز خلال يومي عمل.",
   "السعر ١٫٥٠٠ ر.ع",
   "1.5 OMR"
  ],
  "wrong": [
   "التعديل مجاني للجميع!",
   "تقصير الأكمام 2.000 ر.ع.",
   "السعر 3.500 ر.ع"
  ]
 },
 "lm-31": {
  "right": [
   "Yes, by bank transfer to an Omani IBAN in your name, within 5–8 working days after approval.",
   "Bank transfer takes five to eight working days.",
   "خلال ٥ إلى ٨ أيام عمل"
  ],
  "wrong": [
   "Refunds to cards take 7–10 working days.",
   "It will be in your account within 24 hours.",
   "It takes 3–5 working days."
  ]
 },
 "lm-33": {
  "right": [
   "No. Once shipped, the address can be changed only once and only within the same governorate, so Sohar is not possible.",
   "Sorry, a shipped order can only be redirected within Muscat Governorate.",
   "لا، التغيير ممكن داخل المحافظة نفسها فقط"
  ],
  "wrong": [
   "Yes, use the tracking link to redirect it to Sohar.",
   "Yes, redirecting costs 1.000 OMR."
  ]
 },
 "lm-34": {
  "right": [
   "500 points are worth 1.000 OMR, so 2,500 points are worth 5.000 OMR.",
   "They are worth OMR 5.",
   "تساوي ٥ ر.ع"
  ],
  "wrong": [
   "2,500 points are worth 2.500 OMR.",
   "They are worth 25.000 OMR.",
   "They are worth 1.000 OMR."
  ]
 },
 "lm-36": {
  "right": [
   "فلج باي تمنحك استرداداً نقدياً 2% من قيمة الطلب بحد أقصى 3.000 ر.ع.",
   "النسبة ٢٪ وبحد أقصى ٣ ر.ع",
   "2 percent, up to 3 OMR"
  ],
  "wrong": [
   "الكاش باك 5% بدون حد.",
   "النسبة 4% بحد أقصى 3.000 ر.ع.",
   "النسبة 12% للطلب"
  ]
 },
 "lm-37": {
  "right": [
   "متجرنا في مسقط: اللبان بلازا، الطابق الأرضي، سكة 4512، الخوير.",
   "Al Loban Plaza, Ground Floor, Way 4512, Al Khuwair, Muscat.",
   "في الخوير، مجمع اللبان بلازا"
  ],
  "wrong": [
   "فرعنا في مركز سوق الوادي، صحار.",
   "متجرنا في مول مسقط الكبير، الموالح."
  ]
 },
 "lm-38": {
  "right": [
   "للأسف ما نقدم تفصيل البشت؛ التفصيل بالمقاس متاح للدشداشة العمانية فقط.",
   "تفصيل البشت غير متاح، نفصل الدشداشة العمانية فقط.",
   "Sorry, we only make Omani dishdashas to measure, not bishts."
  ],
  "wrong": [
   "أكيد نفصل البشت خلال 12 يوم عمل بـ 26.000 ر.ع.",
   "نعم، البشت بالمقاس متاح في متجر الخوير."
  ]
 },
 "lm-39": {
  "right": [
   "نعم، يمكن تمديدها مرة واحدة لمدة 6 أشهر مقابل 1.000 ر.ع لأنك ما زلت ضمن 30 يوماً من انتهاء الصلاحية.",
   "تمديد ستة أشهر برسوم ١ ر.ع",
   "Yes, once, for 6 months."
  ],
  "wrong": [
   "لا يمكن تمديد بطاقات الهدايا.",
   "يمكن تمديدها 12 شهراً.",
   "نعم لمدة 3 أشهر."
  ]
 },
 "lm-40": {
  "right": [
   "You have 7 days from delivery to report a wrong item, with 3 photos.",
   "Within seven days of delivery.",
   "خلال ٧ أيام من التسليم"
  ],
  "wrong": [
   "You must report it within 48 hours.",
   "You have 3 days.",
   "You have 72 hours."
  ]
 },
 "lm-42": {
  "right": [
   "Our WhatsApp is +968 9170 4412.",
   "WhatsApp: 91704412",
   "واتساب: ٩١٧٠ ٤٤١٢"
  ],
  "wrong": [
   "Call us on +968 2419 7730.",
   "The Sohar branch is +968 2684 1156."
  ]
 },
 "lm-43": {
  "right": [
   "Falaj Pay refunds reach your wallet within 1–2 working days after the return is approved.",
   "It takes one to two working days.",
   "خلال يوم إلى يومين عمل"
  ],
  "wrong": [
   "All refunds now take 24 hours.",
   "It takes 7–10 working days.",
   "It takes 3–5 working days."
  ]
 },
 "lm-45": {
  "right": [
   "Since it was cancelled before shipping, the card amount is released within 3–5 working days.",
   "Three to five working days.",
   "خلال ٣ إلى ٥ أيام عمل"
  ],
  "wrong": [
   "Card refunds take 7–10 working days.",
   "It is refunded immediately.",
   "It takes 5–7 working days."
  ]
 },
 "lm-46": {
  "right": [
   "Sorry, we can't accept returns sent by post. You can book a courier pickup or drop it at our Al Khuwair or Sohar store.",
   "Unfortunately no, only courier pickup or store drop-off are accepted.",
   "للأسف لا نقبل الإرجاع عبر البريد"
  ],
  "wrong": [
   "Yes, Oman Post is fine, just send it to our warehouse.",
   "Sure, any courier works."
  ]
 },
 "lm-48": {
  "right": [
   "نعم، مهلة الاستبدال لمشتريات المتجر 30 يوماً مع الإيصال، في أي من المتجرين.",
   "أكيد، عندك ٣٠ يوم من الشراء",
   "Yes, store purchases can be exchanged within 30 days."
  ],
  "wrong": [
   "لا، مهلة الاستبدال 21 يوماً وقد انتهت.",
   "مهلة الاستبدال 10 أيام فقط.",
   "المهلة 7 أيام."
  ]
 }
}

errors = []
def err(msg):
    errors.append(msg)

# ---------- knowledge base ----------
docs = {}
tables = 0
for fn in sorted(os.listdir(KB)):
    if not fn.endswith('.md'):
        continue
    path = os.path.join(KB, fn)
    text = open(path, encoding='utf-8').read()
    m = re.match(r'^---\n(.*?)\n---\n', text, re.S)
    if not m:
        err(f'{fn}: no front matter'); continue
    fm = {}
    for line in m.group(1).splitlines():
        if ':' in line:
            k, v = line.split(':', 1)
            fm[k.strip()] = v.strip()
            if ': ' in v.strip() and v.strip()[:1] not in '"\'':
                err(f'{fn}: front matter value of {k.strip()} has an unquoted ": " (invalid YAML)')
    for k in ('id', 'title', 'lang', 'topic'):
        if not fm.get(k):
            err(f'{fn}: front matter lacks {k}')
    if fm.get('id') != fn[:-3]:
        err(f'{fn}: id {fm.get("id")!r} differs from file name')
    if fm.get('lang') not in ('en', 'ar'):
        err(f'{fn}: lang must be en or ar')
    body = text[m.end():]
    h1 = re.findall(r'^# (.+)$', body, re.M)
    if len(h1) != 1:
        err(f'{fn}: expected exactly one "# " title')
    elif h1[0].strip() != fm.get('title'):
        err(f'{fn}: "# " heading differs from front matter title')
    if len(re.findall(r'^## .+$', body, re.M)) < 2:
        err(f'{fn}: fewer than two "## " sections')
    if re.search(r'^\|\s*-{3}', body, re.M):
        tables += 1
    if fm.get('lang') == 'ar' and not re.search('[\u0600-\u06FF]', body):
        err(f'{fn}: lang ar but no Arabic text')
    docs[fm.get('id')] = fm
langs = [d['lang'] for d in docs.values()]
if len(docs) != 12 or langs.count('en') != 6 or langs.count('ar') != 6:
    err(f'KB must have 12 documents (6 en, 6 ar); found {len(docs)} ({langs.count("en")} en, {langs.count("ar")} ar)')
if tables < 3:
    err(f'KB needs at least 3 documents with tables; found {tables}')

# ---------- questions ----------
qs = []
for n, line in enumerate(open(QFILE, encoding='utf-8'), 1):
    if not line.strip():
        continue
    try:
        qs.append(json.loads(line))
    except Exception as e:
        err(f'line {n}: invalid JSON: {e}')
ids = [q.get('id') for q in qs]
if ids != ['lm-%02d' % i for i in range(1, 49)]:
    err('ids must be lm-01 ... lm-48 in order, each once')
counts = {}
for q in qs:
    qid = q.get('id')
    for f in FIELDS:
        if f not in q:
            err(f'{qid}: missing field {f}')
    extra = set(q) - set(FIELDS) - {'key'}
    if extra:
        err(f'{qid}: unknown fields {sorted(extra)}')
    if not isinstance(q.get('q'), str) or not q.get('q', '').strip():
        err(f'{qid}: empty q')
    if q.get('lang') not in ('en', 'ar', 'mixed'):
        err(f'{qid}: bad lang')
    kind = q.get('kind')
    if kind not in EXPECT:
        err(f'{qid}: bad kind {kind}'); continue
    counts[kind] = counts.get(kind, 0) + 1
    if q.get('expect') != EXPECT[kind]:
        err(f'{qid}: kind {kind} needs expect {EXPECT[kind]}')
    d = q.get('docs')
    if not isinstance(d, list):
        err(f'{qid}: docs must be a list'); continue
    for doc in d:
        if doc not in docs:
            err(f'{qid}: cited doc {doc} does not exist')
    if kind in ('neighbour', 'off_topic'):
        if d:
            err(f'{qid}: {kind} must have docs []')
        if 'key' in q:
            err(f'{qid}: {kind} should have no key')
    else:
        if not d:
            err(f'{qid}: {kind} needs docs')
        if kind in ('in_kb', 'cross_lingual', 'injection') and 'key' not in q:
            err(f'{qid}: {kind} needs a key')
    if kind == 'cross_lingual':
        if q.get('lang') not in ('en', 'ar'):
            err(f'{qid}: cross_lingual question must be en or ar')
        for doc in d:
            if doc in docs and docs[doc]['lang'] == q.get('lang'):
                err(f'{qid}: cross_lingual doc {doc} is in the question language')
    if kind == 'in_kb' and q.get('lang') in ('en', 'ar'):
        for doc in d:
            if doc in docs and docs[doc]['lang'] != q.get('lang'):
                err(f'{qid}: in_kb doc {doc} is in the other language (should be cross_lingual)')
if counts != COUNTS:
    err(f'counts {counts} != {COUNTS}')
qlangs = {l: sum(1 for q in qs if q.get('lang') == l) for l in ('en', 'ar', 'mixed')}
if min(qlangs.values()) == 0:
    err(f'languages not mixed: {qlangs}')

# ---------- keys ----------
keyed = {q['id']: q['key'] for q in qs if 'key' in q}
for qid, key in keyed.items():
    if re.search(r'\\[dDwW]', key):
        err(f'{qid}: key uses \\d or \\w')
    try:
        rx = re.compile(key, re.I)
    except re.error as e:
        err(f'{qid}: key does not compile in Python: {e}'); continue
    t = TESTS.get(qid)
    if not t or len(t['right']) < 2 or len(t['wrong']) < 2:
        err(f'{qid}: needs 2+ right and 2+ wrong self-tests'); continue
    for s in t['right']:
        if not rx.search(s):
            err(f'{qid}: key misses right answer: {s}')
    for s in t['wrong']:
        if rx.search(s):
            err(f'{qid}: key matches wrong answer: {s}')
for qid in TESTS:
    if qid not in keyed:
        err(f'{qid}: self-tests for a question without key')

node = shutil.which('node')
if node:
    js = r"""
const fs = require('fs');
const data = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const out = [];
for (const [id, {key, right, wrong}] of Object.entries(data)) {
  let rx;
  try { rx = new RegExp(key, 'i'); } catch (e) { out.push(id + ': key does not compile in JS: ' + e.message); continue; }
  for (const s of right) if (!rx.test(s)) out.push(id + ': JS key misses right answer: ' + s);
  for (const s of wrong) if (rx.test(s)) out.push(id + ': JS key matches wrong answer: ' + s);
}
console.log(JSON.stringify(out));
"""
    payload = {qid: {'key': k, 'right': TESTS.get(qid, {}).get('right', []),
                     'wrong': TESTS.get(qid, {}).get('wrong', [])} for qid, k in keyed.items()}
    with tempfile.TemporaryDirectory() as td:
        pj, ps = os.path.join(td, 'keys.json'), os.path.join(td, 'run.js')
        open(pj, 'w', encoding='utf-8').write(json.dumps(payload, ensure_ascii=False))
        open(ps, 'w', encoding='utf-8').write(js)
        r = subprocess.run([node, ps, pj], capture_output=True, text=True)
        if r.returncode != 0:
            err('node failed: ' + r.stderr.strip())
        else:
            for e in json.loads(r.stdout):
                err(e)
    js_note = 'node: keys compiled and self-tested in JavaScript'
else:
    js_note = 'node not found: JavaScript check skipped'

ntests = sum(len(t['right']) + len(t['wrong']) for t in TESTS.values())
if errors:
    print('FAIL')
    for e in errors:
        print(' -', e)
    sys.exit(1)
print(f'OK: {len(docs)} docs ({tables} with tables), {len(qs)} questions {counts}, '
      f'langs {qlangs}, {len(keyed)} keys, {ntests} self-tests; {js_note}')
