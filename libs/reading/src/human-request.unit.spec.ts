import { describe, expect, it } from '@jest/globals';
import { asksForHuman } from './human-request.js';

describe('asksForHuman', () => {
  it.each([
    'I want to talk to a human',
    'Can I speak to someone please?',
    'let me chat with a real person',
    'connect me with an agent',
    'Please transfer me to customer service',
    'I need a representative',
    'agent please',
    'Human!',
    'please escalate this',
    'أريد التحدث مع موظف',
    'كلموني بشري',
    'ابي اكلم موظف',
    'ابغى أتكلم مع خدمة العملاء',
    'حولني على موظف لو سمحت',
    'عايز اكلم حد',
    'بدي احكي مع شخص حقيقي',
    'موظف لو سمحت',
    'I want to talk to موظف',
    'ابي اكلم an agent',
  ])('yes: %s', (text) => {
    expect(asksForHuman(text)).toBe(true);
  });

  it.each([
    'How long do refunds take?',
    'The delivery agent did not come today',
    'كم يستغرق التوصيل إلى الرياض؟',
    'ابي ارجع الفستان',
    'ابي واحد مقاس اكبر',
    'Is this a human or a bot?',
    'الموظف في الفرع كان لطيف',
    '',
  ])('no: %s', (text) => {
    expect(asksForHuman(text)).toBe(false);
  });
});
