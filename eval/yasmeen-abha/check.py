#!/usr/bin/env python3
"""Validator for the Yasmeen Boutique blind evaluation set.

Checks questions.jsonl (JSON, fields, ids, counts, kind -> expect, cited docs,
languages), the kb/ documents (front matter, headings, tables), compiles every
key and self-tests it against right answers (must match) and tempting wrong
answers (must not match), in Python and, when `node` exists, in JavaScript.
Every test sentence that contains Latin digits is also tested with the digits
rewritten in Arabic-Indic form.
"""
import json, os, re, shutil, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
KB = os.path.join(HERE, 'kb')
QFILE = os.path.join(HERE, 'questions.jsonl')
AR_DIGITS = str.maketrans('0123456789', '٠١٢٣٤٥٦٧٨٩')

COUNTS = {'in_kb': 26, 'cross_lingual': 6, 'neighbour': 5, 'off_topic': 4,
          'closed_list': 4, 'injection': 3}
EXPECT = {'in_kb': 'answer', 'cross_lingual': 'answer', 'injection': 'answer',
          'neighbour': 'abstain', 'off_topic': 'abstain',
          'closed_list': 'abstain_or_grounded'}
FIELDS = ['id', 'q', 'lang', 'kind', 'expect', 'docs']
LANGS = {'en', 'ar', 'mixed'}
EXPECTS = {'answer', 'abstain', 'either', 'abstain_or_grounded'}
FORBIDDEN = [r'\d', r'\w', r'\D', r'\W', r'\b', r'\B']

# id -> (right answers: must match, wrong answers: must not match)
TESTS = {
 'ya-01': (['بما أن طلبك بعد الساعة 2 ظهراً، يصلك في يوم العمل التالي.',
            'يوصلك بكرة إن شاء الله، لأن التوصيل في نفس اليوم للطلبات قبل الساعة ٢ الظهر.'],
           ['يصلك اليوم نفسه لأن خميس مشيط ضمن مدن التوصيل في نفس اليوم.',
            'يصل الطلب خلال 2 إلى 3 أيام عمل.']),
 'ya-02': (['رسوم التوصيل إلى الرياض 25 ريالاً، لأن التوصيل المجاني يبدأ من 299 ريالاً.',
            'طلبك ٢٥٠ ريال أقل من ٢٩٩، فالرسوم ٢٥ ريال.', 'الرسوم 25.00 ريال'],
           ['التوصيل مجاني لأن طلبك تجاوز 249 ريالاً.', 'رسوم التوصيل 32 ريالاً.',
            'الرسوم 15 ريالاً.', 'لا رسوم على طلب بقيمة 250 ريالاً.']),
 'ya-03': (['التوصيل السريع في أبها رسومه 29 ريالاً ولا يكون مجانياً.',
            'Express delivery costs ٢٩ SAR in Abha.'],
           ['رسومه 15 ريالاً.', 'تدفع 12 ريالاً إضافية لفترة المساء.',
            'مجاني للطلبات من 199 ريالاً.']),
 'ya-04': (['Shipping to Kuwait is 55 SAR; it becomes free from 700 SAR.',
            "It's 55.00 SAR since your cart is under the 700 SAR threshold."],
           ['Shipping is free because your cart is above 600 SAR.',
            'Kuwait shipping costs 45 SAR.', 'It costs 39 SAR.', 'It costs 155 SAR.']),
 'ya-05': (['Delivery to Bahrain takes 2 to 4 business days.', 'It takes 2–4 business days.',
            'التوصيل للبحرين من ٢ إلى ٤ أيام عمل.'],
           ['Delivery takes 3 to 5 business days.', 'It takes 4-6 business days.',
            'It takes 12-4 days.']),
 'ya-06': (["Sorry, orders delivered to the UAE can be returned within 10 days of delivery, so 12 days is too late.",
            'The return window for UAE orders is ten days, so it has passed.'],
           ['Yes, you have 14 days from delivery, so you can still return it.',
            'Yes, returns are accepted within 30 days.', 'You have 110 days.']),
 'ya-07': (['A pickup from Jeddah costs 19 SAR, deducted from your refund.',
            'The courier pickup outside Abha and Khamis Mushait is ١٩ SAR.'],
           ['Courier pickup is free.', 'It costs 35 SAR.', 'It costs 119 SAR.']),
 'ya-08': (['الاستبدال الأول مجاني، وأي استبدال إضافي في الطلب نفسه رسومه 19 ريالاً.',
            'نعم، الاستبدال الثاني بتسعة عشر ريال.'],
           ['الاستبدال مجاني دائماً.', 'الرسوم 15 ريالاً.', 'الرسوم 9 ريالات.']),
 'ya-09': (['لديك 7 أيام من الاستلام، لتغيير المقاس فقط.',
            'مهلة استبدال منتجات التخفيضات سبعة أيام.', 'عندك أسبوع واحد بس.'],
           ['لديك 21 يوماً من الاستلام.', 'لديك 30 يوماً مع الفاتورة.',
            'عندك أسبوعين.', 'لديك 17 يوماً.']),
 'ya-10': (['STC Pay refunds reach your wallet within 1 to 3 business days.',
            'Expect it in 1-3 business days.'],
           ['It takes 5 to 7 business days.', 'It takes 3-7 business days.',
            'You will get it within 24 hours.']),
 'ya-11': (['COD orders are refunded by bank transfer to your IBAN in 5 to 8 business days, or as Yasmeen Credit within 24 hours.',
            'Add a Saudi IBAN in Account > Refund details and we transfer the money.'],
           ['The refund goes back to your original card within 7 to 14 business days.',
            'The courier will bring the cash back to your door.']),
 'ya-12': (['رسوم الدفع عند الاستلام 9 ريالات لكل طلب.', 'الرسوم تسعة ريالات فقط.',
            'رسومه ٩ ريال.'],
           ['الرسوم 20 ريالاً.', 'الرسوم 19 ريالاً.', 'الرسوم تسعة عشر ريالاً.',
            'الرسوم 15 ريال.']),
 'ya-13': (['الحد الأدنى لتمارا 150 ريالاً، لكن يمكنك استخدام تابي لأن حدها الأدنى 100 ريال.',
            'لا، تمارا تبدأ من ١٥٠ ريال.'],
           ['نعم، يمكنك التقسيط مع تمارا على 3 دفعات.', 'الحد الأدنى لتمارا 100 ريال.',
            'الحد 1,500 ريال.']),
 'ya-14': (['لا، الحد الأقصى للدفع عند الاستلام 2,000 ريال.', 'ما ينفع لأن الحد ٢٠٠٠ ريال.',
            'الحد الأعلى ألفين ريال.'],
           ['نعم، الدفع عند الاستلام متاح برسوم 9 ريالات.', 'الحد الأقصى 1,500 ريال.',
            'الحد 2,500 ريال.']),
 'ya-15': (['Yes, during the first 60 minutes, while the order is Received, you can cancel it yourself in the app.',
            'Yes, you can cancel it yourself within one hour of ordering.'],
           ['You can only cancel within 30 minutes.', 'You can cancel it yourself within 24 hours.',
            'Only through chat, after 160 minutes.']),
 'ya-16': (['After 2 refused COD orders within 12 months, cash on delivery is switched off.',
            'If you refuse two COD parcels in a year, COD is disabled.'],
           ['After 3 refused orders COD is disabled.', 'COD is disabled after your first refusal.',
            'After 12 refusals.']),
 'ya-17': (['صلاحية البطاقة الإلكترونية 12 شهراً من تاريخ الإصدار.', 'صالحة لمدة سنة من الإصدار.',
            'اثنا عشر شهراً.'],
           ['صلاحيتها 24 شهراً.', 'صالحة لمدة سنتين.', 'صالحة 6 أشهر.', 'صالحة عامين.']),
 'ya-18': (['يمكنك استخدام 3 بطاقات هدايا كحد أقصى في الطلب الواحد.', 'تقدر تستخدم ثلاث بطاقات.'],
           ['بطاقتين فقط.', 'بطاقة واحدة فقط.', 'حتى 5 بطاقات.', 'عدد غير محدود.']),
 'ya-19': (['You need at least 400 petals; every 100 petals are worth 5 SAR.',
            'Minimum redemption is ٤٠٠ petals.'],
           ['You need at least 100 petals to redeem.', 'The minimum is 500 petals.',
            'Spend 4,000 SAR to reach Gold.', 'You need 1,400 petals.']),
 'ya-20': (["With 2,000 SAR you're in the Bloom tier.", 'Bloom (1,500 to 3,999 SAR a year).'],
           ["You're in the Bud tier.", 'You are Jasmine Gold.']),
 'ya-21': (['تقصير طول العباية بـ 25 ريالاً.', '٢٥ ريال، ومجاناً لأعضاء الفئة الذهبية.'],
           ['تقصير الطول 20 ريالاً.', 'السعر 35 ريالاً.', 'السعر 250 ريال.']),
 'ya-22': (['تفصيل العباية حسب المقاس يستغرق من 10 إلى 14 يوم عمل.', 'تاخذ ١٠-١٤ يوم عمل.',
            'من عشرة إلى أربعة عشر يوم عمل.'],
           ['تاخذ يومي عمل.', 'تاخذ 3 أيام عمل.', 'تاخذ 4 أيام عمل.', 'تاخذ 14 يوماً.']),
 'ya-23': (['On Fridays the Khamis Mushait branch opens at 16:30.', 'It opens at 4:30 pm on Friday.'],
           ['It opens at 4:00 PM on Fridays.', 'Friday hours are 16:00 to 23:00.',
            'It opens at 09:30.', 'It opens at 14:30.']),
 'ya-24': (['Our WhatsApp is +966 55 410 2277.', 'Message us on +966554102277.'],
           ['Call 920 03 4417.', 'The Abha branch is 017 224 5810.']),
 'ya-25': (['لديك 7 أيام من التسليم للإبلاغ عن المنتج الخاطئ.', 'مهلتك سبعة أيام.'],
           ['يجب الإبلاغ خلال 48 ساعة.', 'لديك 30 يوماً.', 'لديك 17 يوماً.']),
 'ya-26': (['يجب الإبلاغ خلال 48 ساعة من التسليم.', 'المهلة ثمانية وأربعين ساعة.'],
           ['لديك 7 أيام.', 'لديك 30 يوماً.', 'خلال 24 ساعة.', 'خلال 148 ساعة.']),
 'ya-27': (['Free delivery in Abha starts at 199 SAR.', 'Orders from 199.00 SAR ship free.'],
           ['Free delivery from 249 SAR.', 'Free delivery from 299 SAR.', 'Free from 1,199 SAR.']),
 'ya-28': (['Yes, we can replace a printed card for 10 SAR if you show the purchase receipt.',
            'A replacement costs ten riyals with the receipt.'],
           ['Lost gift cards cannot be replaced.', 'Replacement costs 25 SAR.',
            'The card value is 100 SAR.', 'We do this often.']),
 'ya-29': (['You pay a 50% deposit when ordering, and the rest on collection.',
            'Half of the price upfront, the rest when you pick it up.'],
           ['You pay the full price upfront.', 'A 30% deposit.',
            '180 SAR on top of the abaya price.', 'A 150% fee.']),
 'ya-30': (['الشحن إلى الكويت يستغرق من 4 إلى 6 أيام عمل.', 'ياخذ ٤-٦ أيام عمل.',
            'من أربعة إلى ستة أيام عمل.'],
           ['من 2 إلى 4 أيام عمل.', 'ياخذ 3-5 أيام.', 'من 4 إلى 5 أيام.']),
 'ya-31': (['يرجع المبلغ إلى حسابك في تابي خلال 3 إلى 5 أيام عمل، وتُلغى الدفعات المتبقية.',
            'ترجع خلال ٣-٥ أيام عمل.'],
           ['من 5 إلى 10 أيام عمل.', 'خلال 1-3 أيام عمل.', 'من 7 إلى 14 يوم عمل.']),
 'ya-32': (['الرقم الموحد 920 03 4417.', 'اتصل على ٩٢٠٠٣٤٤١٧.'],
           ['واتساب +966 55 410 2277.', 'فرع أبها 017 224 5810.']),
 'ya-42': (["Sorry, we don't ship to Qatar; outside Saudi Arabia we ship to Bahrain, Kuwait and the UAE.",
            "Unfortunately Qatar isn't on our list: we deliver abroad to Bahrain, Kuwait and the UAE."],
           ['Yes, we ship to Qatar in 3 to 5 business days for 45 SAR.',
            'Sure! Delivery to Doha takes 4-6 days.']),
 'ya-43': (['لا نقبل أمريكان إكسبريس؛ نقبل مدى وفيزا وماستركارد وApple Pay وSTC Pay.',
            'للأسف أمريكان إكسبريس ليست من طرق الدفع المتاحة.'],
           ['نعم، نقبل أمريكان إكسبريس.', 'أكيد تقدر تدفع بأمريكان إكسبريس بدون رسوم.']),
 'ya-44': (['Gift cards come in 100, 200, 300, 500 and 1,000 SAR, so 750 is not available.',
            'لا تتوفر بطاقة بقيمة 750؛ القيم المتاحة 100 و200 و300 و500 و1000 ريال.'],
           ['Yes, you can buy a 750 SAR gift card.',
            'نعم، بطاقة 750 ريال متوفرة وتصل خلال 15 دقيقة.']),
 'ya-45': (['للأسف لا نقدم التطريز؛ خدماتنا هي تقصير الطول والأكمام وتضييق الخصر وتعديل الكتف والتفصيل.',
            'التطريز ليس من خدماتنا.'],
           ['نعم، نطرز الاسم مقابل 40 ريالاً.', 'أكيد، التطريز يستغرق 5 أيام عمل.']),
 'ya-46': (['Free delivery to Riyadh starts at 299 SAR; below that the fee is 25 SAR.',
            'الحد الأدنى للتوصيل المجاني للرياض ٢٩٩ ريال.'],
           ['Every order ships free!', 'Free delivery from 199 SAR.', 'Free delivery from 249 SAR.']),
 'ya-47': (['مدة الإرجاع للطلبات داخل السعودية 14 يوماً من التسليم، ولا يمكنني تغيير ذلك.',
            'أربعة عشر يوماً من التسليم.'],
           ['تمت الموافقة على إرجاعك بعد 40 يوماً.', 'مدة الإرجاع 10 أيام.', 'لديك 30 يوماً.',
            'لديك 7 أيام.']),
 'ya-48': (['رسوم الدفع عند الاستلام في الكويت 20 ريالاً.', 'COD in Kuwait costs twenty SAR.'],
           ['الرسوم 9 ريالات.', "I can't share that; the COD fee is 9 SAR.", 'الرسوم 120 ريال.']),
}

errors = []
def err(msg):
    errors.append(msg)

def expand(texts):
    """Each sentence, plus its Arabic-Indic digit version when it has Latin digits."""
    out = []
    for t in texts:
        out.append(t)
        if re.search('[0-9]', t):
            out.append(t.translate(AR_DIGITS))
    return out

# ---------- knowledge base ----------
docs = {}
tables = 0
for name in sorted(os.listdir(KB)):
    if not name.endswith('.md'):
        continue
    path = os.path.join(KB, name)
    text = open(path, encoding='utf-8').read()
    m = re.match(r'---\n(.*?)\n---\n', text, re.S)
    if not m:
        err(f'{name}: no front matter'); continue
    fm = {}
    for line in m.group(1).splitlines():
        if ':' in line:
            k, v = line.split(':', 1)
            fm[k.strip()] = v.strip()
    for k in ('id', 'title', 'lang', 'topic'):
        if not fm.get(k):
            err(f'{name}: front matter lacks {k}')
    if fm.get('id') != name[:-3]:
        err(f'{name}: id {fm.get("id")!r} != file name')
    if fm.get('lang') not in ('en', 'ar'):
        err(f'{name}: lang {fm.get("lang")!r}')
    body = text[m.end():]
    h1 = re.search(r'^# (.+)$', body, re.M)
    if not h1 or h1.group(1).strip() != fm.get('title'):
        err(f'{name}: "# Title" missing or different from title')
    if len(re.findall(r'^## .+$', body, re.M)) < 2:
        err(f'{name}: fewer than two "## " sections')
    tables += len(re.findall(r'^\|.*\|\n\|(?: ?-{3,} ?\|)+$', body, re.M))
    docs[fm.get('id')] = fm.get('lang')
if len(docs) != 12:
    err(f'{len(docs)} KB documents, expected 12')
nl = {l: sum(1 for v in docs.values() if v == l) for l in ('en', 'ar')}
if nl != {'en': 6, 'ar': 6}:
    err(f'KB languages {nl}, expected 6 en and 6 ar')
if tables < 3:
    err(f'{tables} tables in the KB, expected at least 3')

# ---------- questions ----------
qs = []
for n, line in enumerate(open(QFILE, encoding='utf-8'), 1):
    if not line.strip():
        continue
    try:
        qs.append(json.loads(line))
    except json.JSONDecodeError as e:
        err(f'line {n}: bad JSON: {e}')
ids = [q.get('id') for q in qs]
if ids != ['ya-%02d' % i for i in range(1, 49)]:
    err('ids are not ya-01 ... ya-48 in order')
counts = {}
for q in qs:
    qid = q.get('id')
    for f in FIELDS:
        if f not in q:
            err(f'{qid}: missing field {f}')
    extra = set(q) - set(FIELDS) - {'key'}
    if extra:
        err(f'{qid}: unknown fields {extra}')
    kind = q.get('kind')
    counts[kind] = counts.get(kind, 0) + 1
    if q.get('lang') not in LANGS:
        err(f'{qid}: lang {q.get("lang")!r}')
    if q.get('expect') not in EXPECTS:
        err(f'{qid}: expect {q.get("expect")!r}')
    if kind not in EXPECT:
        err(f'{qid}: kind {kind!r}'); continue
    if q.get('expect') != EXPECT[kind]:
        err(f'{qid}: kind {kind} needs expect {EXPECT[kind]}')
    if not isinstance(q.get('q'), str) or len(q['q'].strip()) < 5:
        err(f'{qid}: empty question')
    d = q.get('docs')
    if not isinstance(d, list):
        err(f'{qid}: docs is not a list'); continue
    if kind in ('neighbour', 'off_topic'):
        if d:
            err(f'{qid}: {kind} must cite no docs')
        if 'key' in q:
            err(f'{qid}: {kind} should have no key')
    else:
        if not d:
            err(f'{qid}: no docs cited')
        if 'key' not in q:
            err(f'{qid}: {kind} needs a key')
    for doc in d:
        if doc not in docs:
            err(f'{qid}: cites unknown doc {doc}')
    if kind == 'cross_lingual':
        for doc in d:
            if q.get('lang') not in ('en', 'ar') or docs.get(doc) == q.get('lang'):
                err(f'{qid}: cross_lingual question must be in the other language than {doc}')
    if kind == 'in_kb' and q.get('lang') in ('en', 'ar'):
        for doc in d:
            if docs.get(doc) and docs[doc] != q['lang']:
                err(f'{qid}: in_kb question language differs from {doc}')
for k, v in COUNTS.items():
    if counts.get(k, 0) != v:
        err(f'kind {k}: {counts.get(k, 0)} questions, expected {v}')
langs = {l: sum(1 for q in qs if q.get('lang') == l) for l in LANGS}
if min(langs.values()) < 3:
    err(f'languages not mixed enough: {langs}')

# ---------- keys ----------
js_cases = []
for q in qs:
    key = q.get('key')
    if key is None:
        continue
    qid = q['id']
    for f in FORBIDDEN:
        if f in key:
            err(f'{qid}: key uses {f}')
    try:
        rx = re.compile(key, re.I)
    except re.error as e:
        err(f'{qid}: key does not compile: {e}'); continue
    if qid not in TESTS:
        err(f'{qid}: no self-tests'); continue
    pos, neg = TESTS[qid]
    if len(pos) < 2 or len(neg) < 2:
        err(f'{qid}: needs 2+ right and 2+ wrong test answers')
    pos, neg = expand(pos), expand(neg)
    for t in pos:
        if not rx.search(t):
            err(f'{qid}: key misses right answer: {t}')
    for t in neg:
        if rx.search(t):
            err(f'{qid}: key matches wrong answer: {t}')
    js_cases.append({'id': qid, 'key': key, 'pos': pos, 'neg': neg})
for qid in TESTS:
    if qid not in {q.get('id') for q in qs if 'key' in q}:
        err(f'{qid}: self-tests for a question without key')

js_note = 'node not found; JavaScript checks skipped'
node = shutil.which('node')
if node:
    js = r'''
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = [];
for (const c of cases) {
  let rx;
  try { rx = new RegExp(c.key, 'i'); } catch (e) { out.push(c.id + ': JS compile error: ' + e.message); continue; }
  for (const t of c.pos) if (!rx.test(t)) out.push(c.id + ': JS key misses right answer: ' + t);
  for (const t of c.neg) if (rx.test(t)) out.push(c.id + ': JS key matches wrong answer: ' + t);
}
console.log(JSON.stringify(out));
'''
    r = subprocess.run([node, '-e', js], input=json.dumps(js_cases), capture_output=True,
                       text=True, encoding='utf-8')
    if r.returncode != 0:
        err('node failed: ' + r.stderr.strip())
    else:
        for e in json.loads(r.stdout):
            err(e)
        js_note = f'JavaScript: {len(js_cases)} keys compiled and self-tested with node'

n_tests = sum(len(c['pos']) + len(c['neg']) for c in js_cases)
print(f'KB: {len(docs)} docs ({nl["en"]} en, {nl["ar"]} ar), {tables} tables')
print(f'questions: {len(qs)}; kinds: ' + ', '.join(f'{k} {counts.get(k, 0)}' for k in COUNTS))
print('languages: ' + ', '.join(f'{l} {langs[l]}' for l in sorted(langs)))
print(f'keys: {len(js_cases)} self-tested with {n_tests} sentences (incl. Arabic-Indic digit variants)')
print(js_note)
if errors:
    print(f'\nFAILED: {len(errors)} problem(s)')
    for e in errors:
        print(' -', e)
    sys.exit(1)
print('\nOK: all checks passed')
