import type { ReplyLanguage } from '../language/reply-language.js';

/**
 * What a customer reads about their own orders, as keyed ICU messages per language (FormatJS
 * formats them; dates, amounts and lists through `Intl`). Each message is one sentence: the order
 * tools' records are made of them, so the model and the extractive responder quote whole
 * sentences a customer understands, never field names.
 */
export const ORDER_MESSAGES: Readonly<Record<ReplyLanguage, Readonly<Record<string, string>>>> = {
  en: {
    'title.order': 'Your order {orderId}',
    'title.orders': 'Your orders',
    'status.placed':
      'Your order {orderId} was placed on {placedOn} and is waiting to be confirmed.',
    'status.confirmed': 'Your order {orderId} was placed on {placedOn} and is confirmed.',
    'status.packing': 'Your order {orderId} was placed on {placedOn} and is being packed.',
    'status.shipped': 'Your order {orderId} was shipped on {shippedOn}.',
    'status.out_for_delivery': 'Your order {orderId} is out for delivery in {city}.',
    'status.delivered': 'Your order {orderId} was delivered on {deliveredOn}.',
    'status.cancelled': 'Your order {orderId} was cancelled on {cancelledOn}.',
    'window.range': 'It is expected in {city} between {from} and {to}.',
    'window.day': 'It is expected in {city} on {from}.',
    'window.overdue': 'It was expected in {city} by {to} and is late.',
    items: 'It holds {items}.',
    item: '{name} × {quantity, number}',
    'list.order': 'Order {orderId}, placed on {placedOn} for {city}, is {status}: {total}.',
    'list.none': 'You have no orders yet.',
    'state.placed': 'placed',
    'state.confirmed': 'confirmed',
    'state.packing': 'being packed',
    'state.shipped': 'shipped',
    'state.out_for_delivery': 'out for delivery',
    'state.delivered': 'delivered',
    'state.cancelled': 'cancelled',
    'return.notDelivered':
      'Your order {orderId} has not been delivered yet, so it cannot be returned yet.',
    'return.window':
      'Your order {orderId} was delivered on {deliveredOn}; a return can be started until {returnBy} ({daysLeft, plural, =0 {the last day} one {# day left} other {# days left}}).',
    'return.closed':
      'Your order {orderId} was delivered on {deliveredOn}; its return window closed on {returnBy}.',
    'return.eligible': '{name} can be returned.',
    'return.sealed': '{name} can be returned only if its seal is unopened.',
    'return.already_returned': '{name} is already in return {detail}.',
    'return.non_returnable_category':
      '{name} cannot be returned: {detail, select, altered {altered items} last_piece {“Last Piece” items} lingerie {lingerie} sleepwear {sleepwear} swimwear {swimwear} underscarf {underscarves} other {items of its kind}} are final sale.',
    'return.window_expired': '{name} can no longer be returned: the return window has closed.',
    'return.return_limit_reached':
      '{name} cannot be returned: this order has used its {limit, plural, one {# return request} other {# return requests}}.',
    'return.offer': 'Shall I start a return of {items} from order {orderId}?',
    'started.return': 'Your return {returnId} of order {orderId} is started for {items}.',
    'started.sealed': 'Sealed items are accepted only with their seal unopened.',
    'refused.not_eligible':
      'The return of order {orderId} could not be started: not every item can be returned.',
    'refused.seal_confirmation_required':
      'The return of order {orderId} needs your confirmation that the seal of each sealed item is unopened.',
    'refused.unknown_sku':
      'The return of order {orderId} could not be started: some items are not in this order.',
    'refused.no_items': 'The return of order {orderId} could not be started: no item was chosen.',
    'refused.return_id_conflict':
      'The return of order {orderId} could not be started; please try again.',
    'payment.paid': 'Your order {orderId} is paid by {method}: {total} in total.',
    'payment.pending': 'Your order {orderId} is waiting for payment by {method}: {total} in total.',
    'payment.refund_pending':
      'The refund of your order {orderId} to {method} is on its way: {total}.',
    'payment.refunded': 'Your order {orderId} was refunded to {method}: {total}.',
    'payment.fees':
      'The total includes {deliveryFee, select, none {} other {{deliveryFee} delivery}}{both, select, yes { and } other {}}{cashFee, select, none {} other {{cashFee} cash on delivery fee}}.',
    'payment.return':
      'Your return {returnId} is {status, select, requested {requested} collected {collected} refunded {refunded} rejected {rejected} cancelled {cancelled} other {{status}}}.',
    'method.card': 'card',
    'method.mada': 'mada',
    'method.apple_pay': 'Apple Pay',
    'method.cash_on_delivery': 'cash on delivery',
    'method.tamara': 'Tamara',
    'method.gift_card': 'gift card',
    'error.not_found': 'No order with this number was found among your orders.',
    'which.order': 'Which order do you mean: {orders}?',
    'which.option': '{orderId} ({status}, placed on {placedOn})',
  },
  ar: {
    'title.order': 'طلبك {orderId}',
    'title.orders': 'طلباتك',
    'status.placed': 'طلبك {orderId} تم في {placedOn} وينتظر التأكيد.',
    'status.confirmed': 'طلبك {orderId} تم في {placedOn} وهو مؤكد.',
    'status.packing': 'طلبك {orderId} تم في {placedOn} ويجري تغليفه.',
    'status.shipped': 'طلبك {orderId} شُحن في {shippedOn}.',
    'status.out_for_delivery': 'طلبك {orderId} خرج للتوصيل في {city}.',
    'status.delivered': 'طلبك {orderId} وصل في {deliveredOn}.',
    'status.cancelled': 'طلبك {orderId} أُلغي في {cancelledOn}.',
    'window.range': 'يُتوقع وصوله إلى {city} بين {from} و{to}.',
    'window.day': 'يُتوقع وصوله إلى {city} في {from}.',
    'window.overdue': 'كان متوقعًا وصوله إلى {city} بحلول {to} وقد تأخر.',
    items: 'يحتوي على {items}.',
    item: '{name} × {quantity, number}',
    'list.order': 'الطلب {orderId} بتاريخ {placedOn} إلى {city}: {status}، {total}.',
    'list.none': 'ليس لديك طلبات بعد.',
    'state.placed': 'تم استلامه',
    'state.confirmed': 'مؤكد',
    'state.packing': 'قيد التغليف',
    'state.shipped': 'تم شحنه',
    'state.out_for_delivery': 'خرج للتوصيل',
    'state.delivered': 'تم توصيله',
    'state.cancelled': 'ملغى',
    'return.notDelivered': 'طلبك {orderId} لم يصل بعد، لذا لا يمكن إرجاعه الآن.',
    'return.window':
      'طلبك {orderId} وصل في {deliveredOn}، ويمكن بدء الإرجاع حتى {returnBy} ({daysLeft, plural, =0 {اليوم الأخير} one {بقي يوم واحد} two {بقي يومان} few {بقيت # أيام} many {بقي # يومًا} other {بقي # يوم}}).',
    'return.closed': 'طلبك {orderId} وصل في {deliveredOn}، وانتهت مدة إرجاعه في {returnBy}.',
    'return.eligible': 'يمكن إرجاع {name}.',
    'return.sealed': 'يمكن إرجاع {name} فقط إذا كان مغلفًا لم يُفتح.',
    'return.already_returned': '{name} ضمن الإرجاع {detail} بالفعل.',
    'return.non_returnable_category':
      'لا يمكن إرجاع {name}: {detail, select, altered {القطع المعدّلة} last_piece {قطع «القطعة الأخيرة»} lingerie {الملابس الداخلية} sleepwear {ملابس النوم} swimwear {ملابس السباحة} underscarf {أغطية الرأس الداخلية} other {هذا النوع}} بيع نهائي.',
    'return.window_expired': 'لم يعد ممكنًا إرجاع {name}: انتهت مدة الإرجاع.',
    'return.return_limit_reached':
      'لا يمكن إرجاع {name}: استُخدمت {limit, plural, one {طلب إرجاع واحد} two {طلبا الإرجاع} few {# طلبات إرجاع} many {# طلب إرجاع} other {# طلب إرجاع}} لهذا الطلب.',
    'return.offer': 'هل أبدأ إرجاع {items} من الطلب {orderId}؟',
    'started.return': 'بدأ الإرجاع {returnId} من طلبك {orderId} لـ {items}.',
    'started.sealed': 'تُقبل القطع المغلفة فقط إذا لم يُفتح غلافها.',
    'refused.not_eligible': 'تعذّر بدء إرجاع الطلب {orderId}: ليست كل القطع قابلة للإرجاع.',
    'refused.seal_confirmation_required':
      'إرجاع الطلب {orderId} يحتاج تأكيدك أن غلاف كل قطعة مغلفة لم يُفتح.',
    'refused.unknown_sku': 'تعذّر بدء إرجاع الطلب {orderId}: بعض القطع ليست في هذا الطلب.',
    'refused.no_items': 'تعذّر بدء إرجاع الطلب {orderId}: لم تُختر أي قطعة.',
    'refused.return_id_conflict': 'تعذّر بدء إرجاع الطلب {orderId}، يرجى المحاولة مرة أخرى.',
    'payment.paid': 'طلبك {orderId} مدفوع عبر {method}: المجموع {total}.',
    'payment.pending': 'طلبك {orderId} بانتظار الدفع عبر {method}: المجموع {total}.',
    'payment.refund_pending': 'استرداد طلبك {orderId} إلى {method} قيد التنفيذ: {total}.',
    'payment.refunded': 'تم استرداد طلبك {orderId} إلى {method}: {total}.',
    'payment.fees':
      'يشمل المجموع {deliveryFee, select, none {} other {رسوم توصيل {deliveryFee}}}{both, select, yes { و} other {}}{cashFee, select, none {} other {رسوم الدفع عند الاستلام {cashFee}}}.',
    'payment.return':
      'الإرجاع {returnId}: {status, select, requested {تم طلبه} collected {تم استلامه} refunded {تم استرداده} rejected {مرفوض} cancelled {ملغى} other {{status}}}.',
    'method.card': 'البطاقة',
    'method.mada': 'مدى',
    'method.apple_pay': 'Apple Pay',
    'method.cash_on_delivery': 'الدفع عند الاستلام',
    'method.tamara': 'تمارا',
    'method.gift_card': 'بطاقة الهدية',
    'error.not_found': 'لم نجد طلبًا بهذا الرقم بين طلباتك.',
    'which.order': 'أي طلب تقصد: {orders}؟',
    'which.option': '{orderId} ({status}، بتاريخ {placedOn})',
  },
};
