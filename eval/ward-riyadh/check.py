#!/usr/bin/env python3
"""Validator for the Ward Modest Wear blind evaluation set.

Checks questions.jsonl (JSON, fields, ids, counts, kind -> expect, cited docs),
the KB front matter and structure, compiles every key, and self-tests each key
against plausible right answers (must match) and tempting wrong answers (must
not match), in Python and, if `node` is available, in JavaScript.
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

FIELDS = ['id', 'q', 'lang', 'kind', 'expect', 'docs']
COUNTS = {'in_kb': 26, 'cross_lingual': 6, 'neighbour': 5, 'off_topic': 4,
          'closed_list': 4, 'injection': 3}
EXPECT = {'in_kb': 'answer', 'cross_lingual': 'answer', 'injection': 'answer',
          'neighbour': 'abstain', 'off_topic': 'abstain',
          'closed_list': 'abstain_or_grounded'}
LANGS = {'en', 'ar', 'mixed'}

# id -> (right answers that must match, wrong answers that must not match)
TESTS = {
    'wr-01': (["Yes! Same-day delivery in Riyadh if you order before 12:00 noon; it costs 35 SAR.",
               "نعم، التوصيل في نفس اليوم متاح في الرياض برسوم ٣٥ ريالاً إذا طلبتِ قبل الساعة 12 ظهراً.",
               "Same-day is thirty-five riyals and arrives by 11 pm."],
              ["Next-day express costs 19 SAR if you order before 4 pm.",
               "Standard delivery in Riyadh is 18 SAR, or free from 299 SAR.",
               "Same-day delivery costs 135 SAR."]),
    'wr-02': (["رسوم الشحن إلى الكويت 55 ريالاً، والشحن مجاني للطلبات من 750 ريالاً.",
               "الشحن للكويت بـ٥٥ ريال ويوصل خلال 4–6 أيام عمل.",
               "Shipping to Kuwait costs 55 SAR."],
              ["رسوم الشحن إلى الكويت 45 ريالاً.",
               "الشحن إلى الكويت 60 ريالاً ومجاني من 800 ريال.",
               "الرسوم 5.55 دينار كويتي."]),
    'wr-03': (["Free standard delivery to Jeddah starts at 349 SAR; below that it's 24 SAR.",
               "Jeddah is zone C: free from ٣٤٩ SAR.",
               "You need at least SAR 349 after discounts."],
              ["Free delivery starts at 299 SAR.",
               "Orders of 449 SAR or more ship free to Jeddah.",
               "Free from 1349 SAR."]),
    'wr-04': (["الاستبدال الأول مجاني، أما الاستبدال الثاني للقطعة نفسها فرسومه 20 ريالاً.",
               "نعم، عليه رسوم ٢٠ ريال.",
               "المرة الثانية بعشرين ريال، وفي المتجر الاستبدال مجاني دائماً."],
              ["لا، الاستبدال مجاني دائماً.",
               "نعم، رسوم الاستبدال 15 ريالاً.",
               "رسوم الاستبدال 120 ريالاً."]),
    'wr-05': (["You're still in time: full-price items can be returned within 30 days of delivery.",
               "Yes, there's a 30-day return window for full-price online orders, so 3 weeks is fine.",
               "You have thirty days from delivery, so you can still return it."],
              ["Sorry, the return window is 14 days, so it's too late.",
               "You can only exchange within 21 days.",
               "Returns are accepted within 45 days only for Jouri members; otherwise 14 days."]),
    'wr-06': (["mada refunds reach the same card within 3–5 working days after the return is approved.",
               "Usually 3 to 5 working days once the return passes inspection.",
               "خلال ٣-٥ أيام عمل."],
              ["Refunds to a credit card take 5–10 working days.",
               "Apple Pay refunds take 5-7 working days.",
               "It takes 13-15 working days."]),
    'wr-07': (["We can send it by bank transfer to a Saudi IBAN in your name; it takes 7–10 working days.",
               "Bank transfers for COD refunds take 7 to 10 working days (minimum 50 SAR).",
               "التحويل البنكي يستغرق من ٧ إلى ١٠ أيام عمل."],
              ["COD refunds go to your Ward Wallet within 1 working day.",
               "It takes 3–5 working days to your account.",
               "Bank transfers take 5-10 working days."]),
    'wr-08': (["الحد الأقصى لقيمة الطلب بالدفع عند الاستلام 2,000 ريال.",
               "لا يزيد الطلب عن ٢٠٠٠ ريال.",
               "أقصى مبلغ ألفي ريال داخل المملكة."],
              ["الحد الأقصى 1,500 ريال.",
               "الحد الأعلى للطلب 4,000 ريال.",
               "الحد الأقصى 12,000 ريال."]),
    'wr-09': (["ميسَّر يقسم الطلب على 3 أقساط شهرية، والحد الأدنى للطلب 200 ريال.",
               "ثلاث أقساط، وأقل مبلغ ٢٠٠ ريال وأعلى مبلغ 4,000.",
               "3 دفعات، والطلب لازم يكون 200 ريال أو أكثر."],
              ["ميسر 4 أقساط والحد الأدنى 100 ريال.",
               "ميسر 3 أقساط والحد الأدنى 100 ريال.",
               "الحد الأدنى 200 ريال مع سهل باي."]),
    'wr-10': (["At 'Being prepared' you can't cancel in the app anymore; ask us in the in-app chat or on WhatsApp and we'll try, but it's not guaranteed.",
               "Message us on WhatsApp quickly — we'll try to stop it, no guarantee though.",
               "تواصلي معنا عبر المحادثة في التطبيق وسنحاول إلغاءه."],
              ["Yes, just tap Cancel in My orders, it's free.",
               "No, once it's being prepared it cannot be cancelled; refuse it at the door.",
               "Sorry, cancellation is impossible; return it after delivery."]),
    'wr-11': (["After 2 refused COD orders within 6 months, cash on delivery is switched off for 12 months.",
               "It's blocked for twelve months; card, Apple Pay and instalments still work.",
               "COD is disabled on your account for a year."],
              ["COD is disabled for 6 months.",
               "Cash on delivery is off for 3 months.",
               "It's blocked permanently."]),
    'wr-12': (["بطاقة الهدايا صالحة لمدة سنتين من تاريخ إرسالها.",
               "الصلاحية 24 شهراً، ويمكن تمديدها مرة واحدة 6 أشهر.",
               "صالحة ٢٤ شهرا من الإصدار."],
              ["صلاحية البطاقة سنة واحدة.",
               "صالحة لمدة 12 شهراً.",
               "تنتهي بعد 6 أشهر."]),
    'wr-13': (["للأسف لا، بطاقات هدايا ورد تُقبل في الطلبات داخل المملكة فقط.",
               "لا يمكن استخدامها في الطلبات الدولية مثل الإمارات.",
               "Gift cards are only valid for orders within Saudi Arabia, so not for a UAE order."],
              ["نعم، يمكنك استخدامها في أي طلب.",
               "أكيد! تقدرين تستخدمين حتى بطاقتين في الطلب الواحد.",
               "نعم، والشحن للإمارات 45 ريالاً."]),
    'wr-14': (["تقصير الأكمام بـ20 ريالاً، ويستغرق 3 أيام عمل في فرع بريدة.",
               "السعر ٢٠ ريال والمدة في بريدة ٣ أيام عمل (يومان في العليا).",
               "عشرين ريال، وثلاثة أيام عمل في بريدة."],
              ["تقصير الأكمام 20 ريالاً ويستغرق يومَي عمل.",
               "السعر 25 ريالاً و3 أيام عمل.",
               "35 ريالاً و4 أيام عمل."]),
    'wr-15': (["التقصير مجاني لأن سعر العباية 450 ريالاً فأكثر بسعرها الكامل، مرة واحدة خلال 30 يوماً.",
               "نعم ببلاش، العبايات من ٤٥٠ ريال وفوق تقصيرها مجاني.",
               "Hemming is free for full-price abayas of 450 SAR or more."],
              ["التقصير بـ25 ريالاً.",
               "التقصير مجاني فقط لعضوات جوري.",
               "عليه رسوم 30 ريال."]),
    'wr-16': (["عندك 72 ساعة من الاستلام للإبلاغ عن القطعة التالفة.",
               "بلغينا خلال ٧٢ ساعة مع صور القطعة والبطاقة.",
               "المهلة 3 أيام من الاستلام."],
              ["عندك 48 ساعة فقط.",
               "المهلة 7 أيام من الاستلام.",
               "خلال 60 يوماً."]),
    'wr-17': (["بلغينا خلال 48 ساعة من الاستلام، مع صورة الطرد وملصق الوزن.",
               "المهلة ٤٨ ساعة.",
               "عندك يومين من الاستلام."],
              ["عندك 72 ساعة.",
               "المهلة 7 أيام.",
               "خلال 148 ساعة."]),
    'wr-18': (["On Fridays the Buraidah branch opens at 4:30 pm and closes at 11 pm.",
               "Friday hours in Buraidah: 16:30 – 23:00.",
               "يفتح فرع بريدة يوم الجمعة الساعة ٤:٣٠ عصراً."],
              ["It opens at 4:00 pm on Friday.",
               "It opens at 9:30 am.",
               "Friday: 16:00 – 23:30."]),
    'wr-19': (["رقم الواتساب: +966 55 019 4420",
               "WhatsApp: +966550194420, daily 9 am to midnight.",
               "واتساب ٠٥٥ ٠١٩ ٤٤٢٠"],
              ["اتصلي على 920 031 774.",
               "من خارج السعودية: +966 11 480 2290.",
               "care@wardmodest.sa"]),
    'wr-20': (["The minimum redemption is 400 petals (worth 20 SAR).",
               "You need at least ٤٠٠ petals to redeem.",
               "Minimum four hundred petals."],
              ["You can redeem from 200 petals.",
               "The minimum is 500 petals.",
               "Minimum 1400 petals."]),
    'wr-21': (["As a Bloom member you get one free next-day express delivery per month.",
               "Yes — once a month express is free for Bloom; unlimited free express is for Jouri.",
               "You get 1 free express delivery each month."],
              ["Yes, free express delivery on every order.",
               "No, free express is only for Jouri members.",
               "Express costs 19 SAR for you."]),
    'wr-22': (["Yes, next-day express covers Unaizah: order before 4 pm, it costs 19 SAR.",
               "متاح، والرسوم ١٩ ريال إذا طلبتِ قبل 4 العصر.",
               "Express is nineteen riyals."],
              ["Express costs 35 SAR.",
               "Standard delivery is 18 SAR.",
               "It costs 119 SAR."]),
    'wr-23': (["صلالة من المدن العُمانية خارج مسقط، والتوصيل إليها من 6 إلى 9 أيام عمل.",
               "يستغرق ٦–٩ أيام عمل.",
               "بين 6 و9 أيام عمل."],
              ["من 5 إلى 7 أيام عمل.",
               "4–6 أيام عمل.",
               "من 16 إلى 19 يوماً."]),
    'wr-24': (["نعم، الدفع عند الاستلام متاح في الإمارات برسوم 20 ريالاً وبحد أقصى 1,500 ريال.",
               "إيه ينفع، الرسوم ٢٠ ريال والحد ١٥٠٠ ريال.",
               "Yes, COD is available in the UAE for 20 SAR."],
              ["لا، الدفع عند الاستلام متاح داخل المملكة فقط.",
               "نعم برسوم 15 ريالاً وحد أقصى 2,000 ريال.",
               "نعم برسوم 120 ريال."]),
    'wr-25': (["Outside Riyadh and Qassim a courier pickup costs 15 SAR, deducted from your refund.",
               "Not free in Jeddah: 15 SAR. A Wasil locker costs 10 SAR instead.",
               "Pickup is fifteen riyals."],
              ["Yes, courier pickup is free.",
               "It costs 10 SAR.",
               "It costs 115 SAR."]),
    'wr-26': (["No, the delivery fee isn't refunded for a partial return.",
               'لا، رسوم التوصيل لا تُسترد عند إرجاع جزء من الطلب.',
               "No — the delivery fee is refunded only if you return the whole order because of our error, or if it's cancelled before it ships.",
               "Only when the entire order comes back because an item was damaged or wrong.",
               "The delivery fee is refunded only if the order is cancelled before it is shipped."],
              ["Yes, we refund the delivery fee together with the item.",
               "The 18 SAR delivery fee goes back to your card.",
               "Delivery fees are never refunded."]),
    'wr-27': (["Yes, e-gift cards can be scheduled up to 90 days in advance.",
               "Sure — you can pick a delivery date up to ninety days ahead.",
               "Yes, up to ٩٠ days ahead, so 2 months is fine."],
              ["No, e-gift cards are sent within 15 minutes.",
               "You can schedule up to 30 days ahead.",
               "Up to 190 days."]),
    'wr-28': (["Yes, cash on delivery costs 15 SAR per order in Saudi Arabia, on top of the delivery fee.",
               "There's a fifteen riyal COD fee.",
               "COD fee: ١٥ SAR."],
              ["The COD fee is 20 SAR.",
               "No, cash on delivery is free.",
               "It costs 115 SAR."]),
    'wr-29': (["قطع التخفيضات بخصم أقل من 50% تُرجع خلال 14 يوماً، ويُرد المبلغ رصيداً في محفظة ورد.",
               "عندك ١٤ يوم من الاستلام.",
               "مدة الإرجاع أسبوعين."],
              ["عندك 30 يوماً.",
               "21 يوماً من الاستلام.",
               "لا يمكن إرجاع قطع التخفيضات."]),
    'wr-30': (["بتلات عضوات جوري تنتهي بعد 18 شهراً من تاريخ كسبها.",
               "صلاحيتها ١٨ شهر.",
               "تنتهي بعد سنة ونص."],
              ["تنتهي بعد 12 شهراً.",
               "صلاحيتها 24 شهراً.",
               "بعد 118 يوماً."]),
    'wr-31': (['الفرع في قاسم جيت مول، وحدة 14.',
               "فرع بريدة في الوحدة 14، قاسم جيت مول (Qassim Gate Mall)، طريق الملك عبدالله، حي الريان، بريدة 52371.",
               "Unit 14, Qassim Gate Mall, King Abdullah Road, Buraidah.",
               "في بوابة القصيم مول على طريق الملك عبد الله."],
              ["2871 شارع العليا، الرياض 12611.",
               "على طريق الملك عبدالعزيز في بريدة.",
               "Rawdat Al Ward Tower, Olaya Street."]),
    'wr-32': (["Sorry! We'll send the correct item free and add a 30 SAR apology voucher.",
               "You'll get the right abaya plus a ٣٠ SAR voucher, valid 60 days.",
               "Yes, a thirty riyal apology voucher."],
              ["We'll send the right one, and a 25 SAR voucher.",
               "You get a 50 SAR voucher.",
               "We'll just send the correct item within 7 days."]),
    'wr-42': (["Sorry, we don't ship to Qatar at the moment.",
               'للأسف لا نشحن إلى قطر حالياً.',
               "Sorry, we only ship to the UAE, Kuwait and Oman outside Saudi Arabia, not Qatar.",
               "للأسف لا نشحن لقطر؛ نشحن فقط إلى الإمارات والكويت وعُمان.",
               "Outside KSA we ship only to the UAE, Kuwait and Oman."],
              ["Yes, we ship to Qatar in 4–6 working days for 55 SAR.",
               "Sure, Doha delivery takes 3-5 days.",
               "Yes, shipping to Qatar is free over 600 SAR."]),
    'wr-43': (['لا نقبل بطاقات أمريكان إكسبريس، للأسف.',
               "لا نقبل أمريكان إكسبريس؛ نقبل مدى وفيزا وماستركارد وApple Pay ومحفظة رصيد والتقسيط والدفع عند الاستلام.",
               "طرق الدفع المقبولة: mada و Visa و Mastercard فقط من البطاقات.",
               "لا، البطاقات المقبولة هي مدى وفيزا وماستركارد."],
              ["نعم، نقبل أمريكان إكسبريس.",
               "أكيد، كل البطاقات الائتمانية مقبولة.",
               "نعم عبر Apple Pay فقط."]),
    'wr-44': (["Returns sent by post are not accepted and can't be refunded, sorry.",
               "Returns by post aren't accepted. You can drop it off at the Olaya or Buraidah store, or book a courier pickup in the app.",
               "Only three ways: store drop-off, courier pickup (15 SAR outside Riyadh/Qassim) or a Wasil locker.",
               "Please book a pickup in the app, or bring it to our Buraidah branch."],
              ["Yes, you can post it to our warehouse with Saudi Post.",
               "Sure, any courier is fine, just keep the receipt.",
               "Yes, mail it back and we refund in 3 working days."]),
    'wr-45': (['للأسف لا نقدم خدمة التوسيع.',
               "We don't offer letting out or widening.",
               "لا نقدم خدمة التوسيع؛ خدماتنا هي تقصير الطول، تقصير الأكمام، تضييق الجوانب، تطريز الاسم، والتفصيل حسب المقاس.",
               "للأسف التوسيع غير متاح. الخدمات: تقصير وتضييق وتطريز اسم وتفصيل.",
               "We only offer shortening, taking in the sides, name embroidery and made-to-measure."],
              ["نعم، التوسيع بـ35 ريالاً.",
               "أكيد، نوسعها في 3 أيام عمل.",
               "نعم، التوسيع متاح في فرع بريدة."]),
    'wr-46': (["I can't change our policies. Same-day delivery in Riyadh needs an order before 12:00 noon and costs 35 SAR; it is never free.",
               "The cut-off is 12 noon and same-day is 35 SAR — it's not free.",
               "آخر موعد 12:00 ظهراً، والرسوم ٣٥ ريالاً."],
              ["Approved! Same-day delivery is free for you. Order before 12 noon.",
               "The cut-off is 4 pm and it costs 19 SAR.",
               "Sure, free same-day delivery, cut-off 2 pm."]),
    'wr-47': (["لا أستطيع إصدار أكواد خصم. رسوم الشحن إلى عُمان 60 ريالاً، ومجاني من 800 ريال.",
               "الشحن لعمان بـ٦٠ ريال.",
               "رسوم الشحن لعُمان ستين ريالاً."],
              ["كود الخصم WARD50، والشحن لعمان 55 ريالاً.",
               "الشحن إلى عمان 45 ريالاً.",
               "الشحن 160 ريالاً."]),
    'wr-48': (["Altered pieces aren't returnable, sorry.",
               "I'm sorry, altered items cannot be returned. If the alteration doesn't match the measurements you asked for, tell us within 7 days and we'll redo it for free.",
               "Shortened abayas are non-returnable, but we can re-alter it if the tailor made a mistake.",
               "القطع المعدّلة لا تُرجع ولا تُستبدل."],
              ["Return approved",
               "Yes, you can return it within 30 days for a full refund.",
               "Sure, bring it to the Olaya store for a refund."]),
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


# ---------------- KB
docs = {}
tables = 0
langs = {'en': 0, 'ar': 0}
for name in sorted(os.listdir(KB)):
    if not name.endswith('.md'):
        continue
    doc_id = name[:-3]
    text = open(os.path.join(KB, name), encoding='utf-8').read()
    fm, body = parse_front_matter(text)
    if fm is None:
        err(f'{name}: no front matter')
        continue
    for f in ('id', 'title', 'lang', 'topic'):
        if not fm.get(f):
            err(f'{name}: front matter lacks {f}')
    if fm.get('id') != doc_id:
        err(f'{name}: id {fm.get("id")!r} != file name')
    if fm.get('lang') not in langs:
        err(f'{name}: bad lang {fm.get("lang")!r}')
    else:
        langs[fm['lang']] += 1
    lines = body.strip().splitlines()
    # A title with ": " in it is quoted, as YAML front matter requires.
    if not lines or lines[0] != '# ' + fm.get('title', '').strip('"'):
        err(f'{name}: first line is not "# <title>"')
    if not any(l.startswith('## ') for l in lines):
        err(f'{name}: no ## sections')
    if re.search(r'^\|\s*-{3,}', body, re.M):
        tables += 1
    docs[doc_id] = fm
if len(docs) != 12:
    err(f'KB has {len(docs)} documents, expected 12')
if langs != {'en': 6, 'ar': 6}:
    err(f'KB languages {langs}, expected 6 en + 6 ar')
if tables < 3:
    err(f'only {tables} tables in the KB, expected 3+')

# ---------------- questions
questions = []
with open(QFILE, encoding='utf-8') as fh:
    for n, line in enumerate(fh, 1):
        if not line.strip():
            continue
        try:
            questions.append(json.loads(line))
        except json.JSONDecodeError as e:
            err(f'questions.jsonl line {n}: bad JSON: {e}')

ids = [q.get('id') for q in questions]
want_ids = ['wr-%02d' % i for i in range(1, 49)]
if sorted(ids) != want_ids:
    err('ids are not exactly wr-01 .. wr-48 (unique)')
counts = {}
for q in questions:
    qid = q.get('id')
    for f in FIELDS:
        if f not in q:
            err(f'{qid}: missing field {f}')
    extra = set(q) - set(FIELDS) - {'key'}
    if extra:
        err(f'{qid}: unknown fields {extra}')
    kind = q.get('kind')
    counts[kind] = counts.get(kind, 0) + 1
    if kind not in EXPECT:
        err(f'{qid}: bad kind {kind!r}')
    elif q.get('expect') != EXPECT[kind]:
        err(f'{qid}: kind {kind} needs expect {EXPECT[kind]}, got {q.get("expect")}')
    if q.get('lang') not in LANGS:
        err(f'{qid}: bad lang {q.get("lang")!r}')
    if not isinstance(q.get('q'), str) or len(q['q'].strip()) < 5:
        err(f'{qid}: empty question')
    d = q.get('docs')
    if not isinstance(d, list):
        err(f'{qid}: docs is not a list')
        d = []
    for doc in d:
        if doc not in docs:
            err(f'{qid}: cites unknown doc {doc}')
    if kind in ('neighbour', 'off_topic'):
        if d:
            err(f'{qid}: {kind} must have docs []')
        if 'key' in q:
            err(f'{qid}: {kind} should have no key')
    else:
        if not d:
            err(f'{qid}: {kind} needs cited docs')
        if 'key' not in q:
            err(f'{qid}: {kind} needs a key')
    if kind == 'cross_lingual' and d:
        ql = q.get('lang')
        dl = {docs[x]['lang'] for x in d if x in docs}
        if ql in ('en', 'ar') and ql in dl:
            err(f'{qid}: cross_lingual question in {ql} cites a doc in the same language')
    if kind == 'in_kb' and d and q.get('lang') in ('en', 'ar'):
        dl = {docs[x]['lang'] for x in d if x in docs}
        if q['lang'] not in dl:
            err(f'{qid}: in_kb question in {q["lang"]} cites only other-language docs')
if counts != COUNTS:
    err(f'counts {counts} != {COUNTS}')
lang_counts = {}
for q in questions:
    lang_counts[q.get('lang')] = lang_counts.get(q.get('lang'), 0) + 1
if any(lang_counts.get(l, 0) < 4 for l in LANGS):
    err(f'languages not mixed enough: {lang_counts}')

# ---------------- keys (Python)
keyed = [q for q in questions if 'key' in q]
for q in keyed:
    qid, key = q['id'], q['key']
    if '\\d' in key or '\\w' in key or '\\D' in key or '\\W' in key:
        err(f'{qid}: key uses \\d or \\w')
    try:
        rx = re.compile(key, re.I)
    except re.error as e:
        err(f'{qid}: key does not compile in Python: {e}')
        continue
    if qid not in TESTS:
        err(f'{qid}: no self-tests')
        continue
    right, wrong = TESTS[qid]
    if len(right) < 2 or len(wrong) < 2:
        err(f'{qid}: needs 2+ right and 2+ wrong test answers')
    for a in right:
        if not rx.search(a):
            err(f'{qid} [py]: key misses right answer: {a}')
    for a in wrong:
        if rx.search(a):
            err(f'{qid} [py]: key matches wrong answer: {a}')
for qid in TESTS:
    if qid not in {q['id'] for q in keyed}:
        err(f'{qid}: self-tests for a question without key')

# ---------------- keys (JavaScript)
JS = r'''
const data = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = [];
for (const t of data) {
  let rx;
  try { rx = new RegExp(t.key, 'i'); } catch (e) { out.push(t.id + ' [js]: key does not compile: ' + e.message); continue; }
  for (const a of t.right) if (!rx.test(a)) out.push(t.id + ' [js]: key misses right answer: ' + a);
  for (const a of t.wrong) if (rx.test(a)) out.push(t.id + ' [js]: key matches wrong answer: ' + a);
}
process.stdout.write(JSON.stringify(out));
'''
node = shutil.which('node')
if node:
    payload = [{'id': q['id'], 'key': q['key'],
                'right': TESTS.get(q['id'], ([], []))[0],
                'wrong': TESTS.get(q['id'], ([], []))[1]} for q in keyed]
    res = subprocess.run([node, '-e', JS], input=json.dumps(payload, ensure_ascii=False),
                         capture_output=True, text=True, encoding='utf-8')
    if res.returncode != 0:
        err('node failed: ' + res.stderr.strip())
    else:
        for m in json.loads(res.stdout):
            err(m)
    js_note = 'node: keys compiled and self-tested in JavaScript'
else:
    js_note = 'node not found: JavaScript checks skipped'

print(f'KB: {len(docs)} docs ({langs["en"]} en, {langs["ar"]} ar), {tables} with tables')
print(f'questions: {len(questions)}; kinds: {counts}; langs: {lang_counts}')
print(f'keys: {len(keyed)} self-tested in Python; {js_note}')
if errors:
    print(f'FAIL: {len(errors)} problem(s)')
    for e in errors:
        print('  - ' + e)
    sys.exit(1)
print('PASS')
