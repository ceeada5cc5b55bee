#!/usr/bin/env python3
"""Validator for the Bayt Al Hareer blind evaluation set.

Checks questions.jsonl (JSON, fields, ids, counts, kind -> expect, cited docs),
the kb/ front matter and structure, compiles every key, and self-tests each key
against right answers (must match) and tempting wrong answers (must not match),
in Python and, when `node` is available, in JavaScript (new RegExp(key, 'i')).
Exit status 0 means everything passed.
"""
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KB = os.path.join(HERE, 'kb')
QFILE = os.path.join(HERE, 'questions.jsonl')

FIELDS = ['id', 'q', 'lang', 'kind', 'expect', 'docs', 'key']
KIND_EXPECT = {
    'in_kb': 'answer', 'cross_lingual': 'answer', 'injection': 'answer',
    'neighbour': 'abstain', 'off_topic': 'abstain', 'closed_list': 'abstain_or_grounded',
}
COUNTS = {'in_kb': 26, 'cross_lingual': 6, 'neighbour': 5, 'off_topic': 4, 'closed_list': 4, 'injection': 3}

# id -> (right answers that must match, tempting wrong answers that must not match)
TESTS = {
    'bh-01': (["Shipping to Jeddah is 4.500 KWD and takes 5 to 8 working days.",
               "رسوم الشحن إلى جدة ٤٫٥٠٠ د.ك لأن الطلب أقل من 45 ديناراً.",
               "It's 4.5 KD for cities other than Riyadh, Dammam and Al Khobar."],
              ["Shipping to Saudi Arabia is 3.500 KWD.",
               "Shipping is free from 45.000 KWD, otherwise 2.500 KWD.",
               "It costs 14.500 KWD."]),
    'bh-02': (["رسوم التوصيل إلى الجهراء 1.500 د.ك لأن طلبك أقل من 30 ديناراً.",
               "التوصيل للجهراء ١٫٥٠٠ دينار.",
               "Delivery to Jahra costs 1.5 KWD."],
              ["رسوم التوصيل 1.000 د.ك.", "الرسوم 2.750 د.ك.", "الرسوم 1.250 د.ك.", "التوصيل مجاني."]),
    'bh-03': (["في الفروانية يجب تأكيد الطلب قبل الساعة 11 صباحاً للتوصيل في اليوم نفسه، والرسوم 3.000 د.ك.",
               "آخر موعد ١١ الصبح.",
               "قبل الحادية عشرة صباحاً."],
              ["قبل الساعة 12 ظهراً.", "قبل الساعة 3 عصراً.", "التوصيل في اليوم نفسه غير متاح في الفروانية."]),
    'bh-05': (["Yes, sale items can be returned within 7 days, but the refund is Hareer Credit only, not to your card.",
               "You can return it (7-day window) and get store credit.",
               "نعم، خلال 7 أيام ويكون الاسترداد رصيداً في رصيد الحرير."],
              ["Yes, you have 14 days and the refund goes back to your card.",
               "Sale items are Final Sale and cannot be returned.",
               "Yes, refunded to your credit card within 7 to 14 working days."]),
    'bh-06': (["Standard delivery to Al Khiran takes 3 to 5 working days.",
               "It takes 3-5 working days (Zone D).",
               "من ٣ إلى ٥ أيام عمل."],
              ["Delivery takes 1 to 2 working days.", "It takes 2 to 3 working days.",
               "Delivery to Khiran costs 2.750 KWD and takes 2 to 3 days."]),
    'bh-07': (["Visa refunds take 7 to 14 working days after approval.",
               "Expect it in 7–14 working days.",
               "من ٧ إلى ١٤ يوم عمل."],
              ["KNET refunds take 3 to 5 working days.", "It takes 5 to 10 working days.",
               "The money is back within 7 days."]),
    'bh-09': (["رسوم الدفع عند الاستلام في البحرين 0.750 د.ك.",
               "الرسوم ٠٫٧٥٠ دينار.",
               "The COD fee for Bahrain is 750 fils.",
               "It's .750 KWD."],
              ["رسوم الدفع عند الاستلام 0.500 د.ك.", "الرسوم 2.500 د.ك.", "الرسوم 1.750 د.ك."]),
    'bh-10': (["الحد الأدنى للتقسيط عبر تابي 10.000 د.ك.",
               "أقل قيمة ١٠ دنانير.",
               "The minimum is ten KWD."],
              ["الحد الأدنى 400.000 د.ك.", "أقل قيمة 5.000 د.ك.", "الحد الأقصى 100.000 د.ك."]),
    'bh-11': (["If you choose Hareer Credit you get a 5% bonus on the refunded amount (Kuwait orders only).",
               "The bonus is five percent.",
               "تحصل على ٥٪ إضافية."],
              ["You get a 50% bonus.", "The bonus is 10%.", "You get 15% extra."]),
    'bh-12': (["Yes, but orders to Qatar that are Being prepared have a 1.000 KWD cancellation fee.",
               "You can cancel; the fee is 1 KD.",
               "رسوم الإلغاء ١٫٠٠٠ د.ك."],
              ["Yes, you can cancel for free within 1 hour.", "The fee is 0.500 KWD.",
               "No charge, cancelling is free while it is being prepared."]),
    'bh-13': (["You can use up to 3 gift cards on one order, so not all 4 at once.",
               "Maximum three gift cards per order.",
               "حتى ٣ بطاقات في الطلب الواحد."],
              ["You can use up to 5 gift cards per order, so all 4 are fine.",
               "Only one gift card per order.", "You can use all 4."]),
    'bh-14': (["البطاقة المطبوعة صالحة 24 شهراً من تاريخ الإصدار.",
               "صلاحيتها سنتين.",
               "It is valid for ٢٤ months."],
              ["صالحة 12 شهراً.", "صالحة 60 يوماً.", "صالحة 3 أشهر."]),
    'bh-15': (["Sorry, outside Kuwait we only ship to Saudi Arabia, Bahrain and Qatar.",
               "Unfortunately we don't ship to Oman.",
               "للأسف لا نشحن إلى عُمان."],
              ["Yes, we ship to Muscat in 4 to 6 working days.",
               "Sure! Shipping to Oman costs 3.000 KWD.",
               "نعم نشحن إلى مسقط خلال أسبوع."]),
    'bh-16': (["يمكن تمديدها مرة واحدة لمدة 3 أشهر مقابل 1.000 د.ك إذا طلبت التمديد خلال 30 يوماً من انتهائها.",
               "نقدر نمددها ثلاثة أشهر.",
               "You can extend it once for 3 months."],
              ["يمكن تمديدها 6 أشهر.", "لا يمكن، يسقط الرصيد بعد الانتهاء.", "نمددها 12 شهراً مجاناً."]),
    'bh-17': (["You need at least 1,000 points to redeem (500 points = 1.000 KWD).",
               "From 1000 points upwards.",
               "تحتاج ١٠٠٠ نقطة على الأقل."],
              ["You can redeem from 500 points, worth 1.000 KWD.", "You need 2,000 points.",
               "You need 10,000 points."]),
    'bh-18': (["تقصير طول العباية 1.500 د.ك ويستغرق يومَي عمل.",
               "السعر ١٫٥٠٠ د.ك.",
               "It's 1.5 KWD."],
              ["السعر 1.250 د.ك.", "السعر 1.000 د.ك.", "السعر 2.500 د.ك."]),
    'bh-20': (["تفصيل الدشداشة حسب المقاس يستغرق من 10 إلى 14 يوم عمل.",
               "١٠-١٤ يوم عمل.",
               "It takes 10 to 14 working days."],
              ["من 14 إلى 21 يوم عمل.", "5 أيام عمل.", "من 2 إلى 3 أيام عمل."]),
    'bh-21': (["Yes, initials embroidery (up to 3 letters) costs 3.000 KWD and takes 5 working days.",
               "It's 3 KD.",
               "السعر ٣٫٠٠٠ د.ك."],
              ["It costs 2.500 KWD.", "It costs 1.250 KWD.", "It costs 13.000 KWD."]),
    'bh-22': (["On Fridays the Jahra branch opens at 16:30 and closes at 21:00.",
               "It opens at 4:30 pm on Friday.",
               "يفتح الساعة ٤:٣٠ عصراً."],
              ["It opens at 16:00 on Fridays.", "It opens at 10:00.", "It opens at 4 pm."]),
    'bh-23': (["Our WhatsApp is +965 5098 6621.",
               "واتساب: 50986621",
               "الرقم ٥٠٩٨ ٦٦٢١"],
              ["Call 1 822 437.", "Our number is +965 2207 4415.", "WhatsApp +965 5098 6612."]),
    'bh-25': (["يجب الإبلاغ عن القطعة التالفة خلال 48 ساعة من التسليم مع 3 صور.",
               "خلال ٤٨ ساعة.",
               "Within 48 hours."],
              ["خلال 72 ساعة.", "خلال 7 أيام.", "خلال 24 ساعة."]),
    'bh-26': (["نعم، في طلبات الكويت نضيف قسيمة اعتذار بقيمة 2.000 د.ك صالحة 30 يوماً.",
               "تحصل على قسيمة ٢ د.ك.",
               "You get a 2 KWD apology coupon."],
              ["نستبدلها خلال يومَي عمل بدون تعويض.", "نعطيك قسيمة بقيمة 1.000 د.ك.",
               "نرسل البديل خلال 2 أيام عمل."]),
    'bh-27': (["للأسف لا نقبل STC Pay؛ الوسائل المقبولة هي كي نت والبطاقات وApple Pay والدفع عند الاستلام وتابي وبطاقات الهدايا ورصيد الحرير.",
               "STC Pay غير متاح، نقبل فقط الوسائل المذكورة.",
               "Sorry, STC Pay is not accepted."],
              ["نعم، يمكنك الدفع بـ STC Pay في الكويت والسعودية.", "أكيد تقدر تدفع بـ STC Pay.",
               "Yes, STC Pay works at checkout."]),
    'bh-28': (["لديك 21 يوماً من التسليم لاستبدال القطع ذات السعر الكامل.",
               "٢١ يوم.",
               "ثلاثة أسابيع من التسليم."],
              ["لديك 14 يوماً.", "لديك 7 أيام.", "لديك 121 يوماً."]),
    'bh-29': (["نعم، الاستبدال الثاني للقطعة نفسها برسوم 1.000 د.ك.",
               "الرسوم ١ د.ك.",
               "الرسوم دينار واحد."],
              ["الاستبدال مجاني دائماً.", "الرسوم 1.500 د.ك.", "الرسوم 0.500 د.ك."]),
    'bh-30': (["التوصيل العادي إلى الأحمدي مجاني للطلبات من 30.000 د.ك، وإلا فالرسوم 1.500 د.ك.",
               "من ٣٠ ديناراً.",
               "Free from 30 KWD."],
              ["التوصيل مجاني لكل الطلبات.", "مجاني من 20.000 د.ك.", "مجاني من 35.000 د.ك."]),
    'bh-31': (["A courier pickup in Kuwait costs 1.500 KWD, deducted from your refund.",
               "It's 1.5 KD (free if you return in store).",
               "١٫٥٠٠ د.ك."],
              ["It costs 1.000 KWD.", "It costs 2.500 KWD.", "Courier pickups are free."]),
    'bh-32': (["استرداد كي نت يستغرق من 3 إلى 5 أيام عمل بعد الموافقة.",
               "خلال ٣-٥ أيام عمل.",
               "Within 3 to 5 working days."],
              ["من 7 إلى 14 يوم عمل.", "من 5 إلى 7 أيام عمل.", "من 5 إلى 10 أيام عمل."]),
    'bh-34': (["For COD in Kuwait you can take Hareer Credit within 24 hours, or a bank transfer to a Kuwaiti IBAN in 5 to 7 working days.",
               "We send it by bank transfer to your Kuwaiti bank account, or as Hareer Credit.",
               "نحوّل المبلغ إلى حسابك عبر الآيبان."],
              ["We refund cash to the courier.", "It goes back to your card in 7 to 14 working days.",
               "The refund goes to your KNET account in 3 to 5 days."]),
    'bh-35': (["Sorry, oud oils and perfumes cannot be shipped to Saudi Arabia.",
               "Unfortunately we can't ship oud oil to Riyadh.",
               "للأسف لا يمكن شحن دهن العود إلى السعودية."],
              ["Yes, up to 3 bottles per order.", "Sure, shipping to Riyadh takes 3 to 5 working days.",
               "Yes, it ships with Aramex for 3.500 KWD."]),
    'bh-36': (["Shipping to Bahrain is free from 35.000 KWD.",
               "Free over 35 KD.",
               "من ٣٥ د.ك."],
              ["Free from 40.000 KWD.", "Free from 45.000 KWD.", "Free from 25.000 KWD."]),
    'bh-38': (["التوصيل يوم الجمعة متاح في حولي برسوم 2.000 د.ك.",
               "Friday delivery costs 2 KWD.",
               "الرسوم ٢ دينار."],
              ["It costs 2.500 KWD.", "It costs 1.000 KWD.", "Delivery takes 2 days."]),
    'bh-39': (["في رمضان يفتح متجر السالمية من 20:00 إلى 01:30.",
               "من 8 مساءً إلى 1:30 بعد منتصف الليل.",
               "لين الواحدة والنصف بالليل."],
              ["من 20:00 إلى 00:30.", "من 10:00 إلى 22:00.", "حتى 1 بعد منتصف الليل."]),
    'bh-40': (["You can change the slot until 8:00 pm on the day before delivery.",
               "Until 8 pm the day before.",
               "Until 20:00 the previous day."],
              ["Until 6 pm.", "Until midnight the day before.", "Until 3 pm on the day of delivery."]),
    'bh-41': (["Sorry, adding a lining is not one of our alteration services; we only do hemming, sleeves, taking in or letting out, initials and made-to-measure.",
               "Unfortunately we don't offer that.",
               "للأسف هذه الخدمة غير متاحة."],
              ["Yes, we can add a lining for 2.500 KWD.", "Sure, bring it to the Salmiya workshop.",
               "نعم نضيف البطانة خلال 3 أيام عمل."]),
    'bh-43': (["Yes, for Silk members points expire 18 months after the day they were earned.",
               "They expire after eighteen months.",
               "تنتهي بعد ١٨ شهراً."],
              ["Points expire after 12 months.", "Points never expire.", "They expire after 24 months."]),
    'bh-44': (["الشحن إلى قطر يستغرق من 3 إلى 6 أيام عمل.",
               "٣-٦ أيام عمل.",
               "It takes 3 to 6 working days."],
              ["من 2 إلى 4 أيام عمل.", "من 3 إلى 5 أيام عمل.", "من 5 إلى 8 أيام عمل."]),
    'bh-46': (["You have 14 days from delivery to return a full-price item in Kuwait.",
               "عندك ١٤ يوم من التسليم.",
               "أربعة عشر يوماً."],
              ["You have 60 days.", "عندك 21 يوماً.", "You have 30 days."]),
    'bh-47': (["للأسف لا، لدينا متجران فقط: متجر السالمية وفرع الجهراء.",
               "We only have two stores: Salmiya and Jahra.",
               "ما عندنا فرع بالأفنيوز، بس السالمية والجهراء."],
              ["نعم، فرعنا في الأفنيوز بالطابق الأول.", "Yes, we have a kiosk at The Avenues.",
               "أكيد، موجودين في الأفنيوز."]),
}

errors = []


def err(msg):
    errors.append(msg)


def parse_front_matter(text):
    if not text.startswith('---\n'):
        return None, text
    end = text.find('\n---\n', 4)
    if end < 0:
        return None, text
    fm = {}
    for line in text[4:end].splitlines():
        if ':' in line:
            k, v = line.split(':', 1)
            fm[k.strip()] = v.strip()
    return fm, text[end + 5:]


# ---- knowledge base ----
docs = {}
tables = 0
langs = {'en': 0, 'ar': 0}
for name in sorted(os.listdir(KB)):
    if not name.endswith('.md'):
        continue
    path = os.path.join(KB, name)
    text = open(path, encoding='utf-8').read()
    fm, body = parse_front_matter(text)
    doc_id = name[:-3]
    if fm is None:
        err('%s: no front matter' % name)
        continue
    for f in ('id', 'title', 'lang', 'topic'):
        if not fm.get(f):
            err('%s: front matter lacks %s' % (name, f))
    if fm.get('id') != doc_id:
        err('%s: id %r != file name' % (name, fm.get('id')))
    if fm.get('lang') not in langs:
        err('%s: lang %r' % (name, fm.get('lang')))
    else:
        langs[fm['lang']] += 1
    lines = body.strip().splitlines()
    if not lines or not lines[0].startswith('# '):
        err('%s: body must start with "# Title"' % name)
    elif lines[0][2:].strip() != fm.get('title'):
        err('%s: # heading differs from title' % name)
    if not any(l.startswith('## ') for l in lines):
        err('%s: no ## sections' % name)
    tables += len(re.findall(r'^\|\s*-{3}', body, re.M))
    docs[doc_id] = fm
if len(docs) != 12:
    err('expected 12 documents, found %d' % len(docs))
if langs != {'en': 6, 'ar': 6}:
    err('expected 6 en + 6 ar documents, found %s' % langs)
if tables < 3:
    err('expected at least 3 tables, found %d' % tables)

# ---- questions ----
questions = []
with open(QFILE, encoding='utf-8') as f:
    for n, line in enumerate(f, 1):
        if not line.strip():
            continue
        try:
            questions.append(json.loads(line))
        except json.JSONDecodeError as e:
            err('line %d: bad JSON: %s' % (n, e))

ids = [q.get('id') for q in questions]
if ids != ['bh-%02d' % i for i in range(1, 49)]:
    err('ids must be bh-01 .. bh-48 in order')
counts = {}
for q in questions:
    qid = q.get('id')
    # `key` is left out where the answer is an abstention (the eval harness rejects an empty key).
    if list(q.keys()) not in (FIELDS, FIELDS[:-1]):
        err('%s: fields %s' % (qid, list(q.keys())))
    if q.get('lang') not in ('en', 'ar', 'mixed'):
        err('%s: lang %r' % (qid, q.get('lang')))
    kind = q.get('kind')
    counts[kind] = counts.get(kind, 0) + 1
    if KIND_EXPECT.get(kind) != q.get('expect'):
        err('%s: kind %s needs expect %s' % (qid, kind, KIND_EXPECT.get(kind)))
    if not isinstance(q.get('q'), str) or not q['q'].strip():
        err('%s: empty q' % qid)
    d = q.get('docs')
    if not isinstance(d, list):
        err('%s: docs must be a list' % qid)
        d = []
    for doc in d:
        if doc not in docs:
            err('%s: unknown doc %s' % (qid, doc))
    if kind in ('neighbour', 'off_topic'):
        if d:
            err('%s: %s must cite no docs' % (qid, kind))
        if q.get('key'):
            err('%s: %s should have an empty key' % (qid, kind))
    else:
        if not d:
            err('%s: needs docs' % qid)
        if not q.get('key'):
            err('%s: needs a key' % qid)
    if kind == 'cross_lingual':
        qlang = q.get('lang')
        for doc in d:
            if docs.get(doc, {}).get('lang') == qlang:
                err('%s: cross_lingual doc %s is in the question language' % (qid, doc))
    key = q.get('key') or ''
    if '\\d' in key or '\\w' in key or '\\b' in key or '\\D' in key or '\\W' in key:
        err('%s: key uses \\d, \\w or \\b' % qid)
    if key:
        try:
            rx = re.compile(key, re.I)
        except re.error as e:
            err('%s: key does not compile: %s' % (qid, e))
            continue
        if qid not in TESTS:
            err('%s: no self-tests' % qid)
            continue
        rights, wrongs = TESTS[qid]
        if len(rights) < 2 or len(wrongs) < 2:
            err('%s: needs 2+ right and 2+ wrong test answers' % qid)
        for a in rights:
            if not rx.search(a):
                err('%s: key misses right answer: %s' % (qid, a))
        for a in wrongs:
            if rx.search(a):
                err('%s: key matches wrong answer: %s' % (qid, a))
if counts != COUNTS:
    err('counts %s != %s' % (counts, COUNTS))
for qid in TESTS:
    if qid not in ids:
        err('tests for unknown id %s' % qid)

# ---- JavaScript ----
node = shutil.which('node')
if node:
    payload = json.dumps([{'id': q['id'], 'key': q['key'], 'rights': TESTS.get(q['id'], ([], []))[0],
                           'wrongs': TESTS.get(q['id'], ([], []))[1]} for q in questions if q.get('key')],
                         ensure_ascii=False)
    js = r"""
let data = '';
process.stdin.on('data', c => data += c);
process.stdin.on('end', () => {
  const items = JSON.parse(data); const out = [];
  for (const it of items) {
    let rx;
    try { rx = new RegExp(it.key, 'i'); } catch (e) { out.push(it.id + ': JS compile error: ' + e.message); continue; }
    for (const a of it.rights) if (!rx.test(a)) out.push(it.id + ': JS misses right answer: ' + a);
    for (const a of it.wrongs) if (rx.test(a)) out.push(it.id + ': JS matches wrong answer: ' + a);
  }
  console.log(JSON.stringify(out));
});
"""
    r = subprocess.run([node, '-e', js], input=payload, capture_output=True, text=True, encoding='utf-8')
    if r.returncode != 0:
        err('node failed: %s' % r.stderr.strip())
    else:
        errors.extend(json.loads(r.stdout))
    js_note = 'JavaScript self-tests run with %s' % node
else:
    js_note = 'node not found: JavaScript self-tests skipped'

keyed = sum(1 for q in questions if q.get('key'))
print('documents: %d (%s), tables: %d' % (len(docs), langs, tables))
print('questions: %d, counts: %s' % (len(questions), counts))
print('keys self-tested: %d; %s' % (keyed, js_note))
if errors:
    print('FAILED (%d problems):' % len(errors))
    for e in errors:
        print('  - ' + e)
    sys.exit(1)
print('OK')
