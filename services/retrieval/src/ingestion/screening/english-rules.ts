import { rulePattern as p } from './detection-text.js';
import type { PlantedInstructionPattern } from './rule.js';

// Who the planted text talks to. "model" and "agent" also mean a fashion model and a human
// colleague, so they count only where a sentence opens by addressing them with an instruction.
const ASSISTANT =
  '(?:ai|a\\.i\\.|assistant|ai assistant|virtual assistant|digital assistant|chat assistant|support assistant|shopping assistant|bot|chatbot|chat bot|support bot|ai model|language model|large language model|llm|gpt|chatgpt|claude|gemini|copilot)';
const CUSTOMERS =
  '(?:(?:the|all|every|each|any|our|a) )?(?:customers?|users?|clients?|shoppers?|buyers?|callers?|visitors?|people|everyone|everybody|anyone|anybody)';
const CUSTOMERS_OR_THEM = `(?:${CUSTOMERS}|them)`;
const ANSWER_VERB = '(?:say|tell|answer|reply|respond|state|claim|insist|quote|promise|assure)';
/** How an instruction to the assistant goes on once the assistant has been named. */
const INSTRUCTION_CUE = `(?:${ANSWER_VERB}|inform|confirm|always|never|only|from now on|from this point|going forward|henceforth|ignore|disregard|forget|remember|pretend|act as|stop|do not|don't|make sure|be sure|treat|refuse|when(?:ever)? (?:asked|(?:a|an|the|any) (?:customer|user|client|shopper|caller)s?|someone|anyone|people|they)|if (?:asked|(?:a|an|the|any) (?:customer|user|client|shopper|caller)|someone|anyone))\\b`;
const NAMED_AT_START = `^(?:the )?(?:${ASSISTANT}|model|agent|system)`;
// After a name: a comma, a colon or a dash set apart by spaces ("AI-powered" names nothing).
const COMMA = '(?: ?[,–—]| - )';
const COMMA_OR_COLON = '(?: ?[,:–—]| - )';

// Secrets a shop never needs from a customer in a chat. A gift card's code and the last four
// digits of a card are not among them.
const SECRET = [
  "(?:(?:credit|debit|bank|payment|visa|mastercard|mada|full|complete|whole|16[- ]digit) )?(?<!gift[- ])card(?:'s)? (?:number|no\\.?|details|info(?:rmation)?|digits|data)\\b",
  '\\b(?:cvv2?|cvc2?|csc|card security code|security code)\\b',
  '\\b(?:3|three)[- ]digit (?:security )?code\\b',
  '\\b(?:your|card|atm|bank|account|secret) pin\\b',
  '\\bpin (?:code|number)\\b',
  '(?<!new )\\bpass(?:word|code|phrase)s?\\b(?! (?:reset|recovery|change|link|page|requirements?|rules|field))',
  '\\bone[- ]time (?:password|passcode|code|pin)\\b',
  '\\botps?\\b',
  '\\b(?:verification|authentication|auth|login|sign-in|sms|2fa|two[- ]factor) codes?\\b',
  '\\bcode (?:we|the bank|your bank) (?:sent|send|texted|text)',
].join('|');
// "Email", "text" and "message" are nouns too ("confirm your email with the code we sent"), and
// "we send you a one-time password" describes what the shop does: neither asks the customer.
const GIVE_VERB =
  "(?<!\\b(?:we|we'll|they|it|he|she|bank|banks|which|that|who|will|may|might|can|could|would|automatically) )(?:send|share|give|provide|tell|forward|paste|submit|disclose|reveal|read out|spell out|include|reply with|respond with|answer with|write back with|(?:text|email|e-mail|dm|message|post) (?:us|me|it|them|to us))";
const GIVING =
  '(?:sending|sharing|giving|providing|telling|texting|emailing|forwarding|submitting|typing|entering)';
const TO_US =
  '(?:to us|to our (?:team|support|agents?|staff)|to the (?:assistant|bot|team|chat)|with us|here|in (?:the|this) chat)';
const IN_THE_CHAT =
  '(?:here|below|in (?:the|this|our|a|your) (?:chat|conversation|message|reply|window|box)|in chat|into (?:the|this) chat)';
const CLAUSE_START = '(?:^|[,;:—–-] ?)';

export const ENGLISH_RULES: readonly PlantedInstructionPattern[] = [
  // Addressed to the assistant.
  ...[
    `^(?:dear|hey|hi|hello|attention|yo|ok|okay|listen)[,!]? (?:the )?${ASSISTANT}\\b`,
    `\\b(?:note|message|instructions?|reminder|memo|directive|attention|notice|important|p\\.?s\\.?) ?(?:to|for) (?:the |any |all |our |every )?${ASSISTANT}s?\\b`,
    `${NAMED_AT_START}${COMMA_OR_COLON} ?(?:please )?${INSTRUCTION_CUE}`,
    // "Chat assistant: you must sign in first" describes a feature to the customer; with a comma
    // the sentence speaks to the assistant.
    `${NAMED_AT_START}${COMMA} ?(?:please )?you (?:must|should|shall|will|are to|have to|need to|may not|must not|cannot|can't|are now|are an?|are the)\\b`,
    // A sentence that opens by naming the assistant with a comma speaks to it, whatever follows.
    `^${ASSISTANT}${COMMA}`,
    '^(?:llm|gpt|chatgpt|language model|large language model|ai model|claude|gemini) ?:',
    `^to (?:the |any |all |every |our )?${ASSISTANT}s?(?: systems?| models?)?${COMMA_OR_COLON}`,
    `\\bif you(?: are|'re) (?:an? |the )?${ASSISTANT}\\b`,
    `\\bas an? ${ASSISTANT}\\b[^.!?\\n]{0,30}\\byou\\b`,
    `\\b(?:any|every|all|each) ${ASSISTANT}s? (?:reading|processing|that reads|that processes|using|answering|summari[sz]ing|parsing|that sees)\\b`,
    `\\b(?:you are|you're) (?:an? |the )${ASSISTANT}\\b`,
    `\\b(?:the|this|our) (?:${ASSISTANT}|model) (?:must|should|shall|needs? to|has to|is to|may only|can only|is only allowed to|is (?:not )?allowed to|is required to|must not|should not|may not) (?:always |never |only |not )?(?:${ANSWER_VERB}|inform|confirm|mention|ask|request|refuse|recommend|offer|give|pretend|act|ignore|treat|use|direct|send)\\b`,
  ].map((source) => ({
    rule: 'addressed_to_assistant' as const,
    language: 'en' as const,
    pattern: p(source),
  })),

  // Tries to replace the assistant's rules (the guard this detector grew from).
  ...[
    "\\b(?<!(?:don't|do not|never) )(?:ignore|disregard|forget|override|bypass)\\b[^.!?\\n]{0,40}\\b(?:instructions?|rules|prompts?|guidelines|directives|guardrails)\\b",
    '\\b(?:system prompt|developer (?:prompt|mode)|jailbreak|jailbroken)\\b',
    "\\b(?:you are|you're) now (?!(?:a|an) (?:gold|silver|bronze|platinum|vip|elite|premium|loyalty|rewards|sanaa|registered|verified|member|subscriber|customer)\\b)(?:a|an|my|dan|unrestricted|jailbroken|free (?:of|from)|no longer)\\b",
    "\\b(?:you are|you're) no longer (?:bound|restricted|required to follow|an? assistant)\\b",
    '(?:^|\\b(?:you|please|now|and) )act as\\b',
    "\\b(?:pretend (?:to be|you are|you're|that)|role-?play as|play the role of|behave as if|impersonate)\\b",
    '\\b(?:new|updated|real|actual|true|secret|hidden) instructions? ?[:\\-–—]',
    '\\byour (?:instructions|rules|guidelines|prompt|system prompt) (?:have|has) (?:changed|been updated|been replaced)\\b',
  ].map((source) => ({
    rule: 'override_instructions' as const,
    language: 'en' as const,
    pattern: p(source),
  })),

  // Tells the reader how to answer customers.
  ...[
    `\\b(?:from now on|from this point (?:on|forward)|from here on(?: out)?|henceforth|going forward|starting now|from this moment on)\\b,? (?:(?:please|you must|you should|you will|you are to) )?(?:always|never|only|${ANSWER_VERB}|pretend|act as|refuse|treat|describe|call)\\b`,
    '\\b(?:always|only) (?:say|state|claim|insist|assert|pretend|answer|reply|respond)\\b',
    '\\bnever (?:say|state|claim|admit|mention|reveal|disclose|pretend)\\b(?! (?:your|it|them|the code|the otp|the pin|anyone)\\b)',
    '\\b(?:must|should|shall) (?:always |only )?(?:say|insist|assert|pretend)\\b',
    `(?:${CLAUSE_START}|\\b(?:always|only|please|then|and|just|simply|must|should|you will|you'll) )(?:answer|reply|respond)(?: to)? (?:${CUSTOMERS}\\b|(?:all |every |any |each )?(?:questions?|queries|enquiries|inquiries) (?:about|on|regarding)\\b|that\\b|by saying\\b)`,
    `(?:${CLAUSE_START}|\\b(?:always|only|please|then|and|just|simply|must|should|you will|you'll) )(?:tell|inform|assure|promise|remind) ${CUSTOMERS}\\b`,
    `(?:${CLAUSE_START}|\\b(?:always|only|please|then|and|just|simply) )tell them (?:that\\b|["“'])`,
    `\\b(?:when|whenever|if|once|every time|each time|any time|anytime)\\b[^.!?\\n]{0,80}?\\b(?:asks?|asked|asking|enquires|inquires|wants? to know)\\b[^.!?\\n]{0,100}?(?:[,:;—–-] ?|\\bthen |\\b(?:always|just|simply|only) |\\byou (?:should|must|will|shall) )(?:say|tell|answer|reply|respond|state|claim|insist|quote|promise|assure)\\b`,
    `\\bwhen(?:ever)? you (?:reply|respond|answer|talk|speak|chat|write) (?:to )?(?:${CUSTOMERS}|questions|queries|enquiries|inquiries)\\b`,
    '\\bin (?:all|every|each|any|your) (?:future )?(?:answers?|responses|replies to customers|conversations? with customers)\\b',
    `^(?:please )?(?:say|insist|claim|state)(?: to ${CUSTOMERS})? ?(?:that\\b|:|["“'])`,
    '\\b(?:always|only) (?:give|use) (?:this|that|the following) (?:answer|reply|response)\\b',
    '\\bthe (?:correct|right|only|official) (?:answer|reply|response) (?:to|for) (?:any|every|all|each)\\b',
  ].map((source) => ({
    rule: 'answer_instruction' as const,
    language: 'en' as const,
    pattern: p(source),
  })),

  // Asks customers for secrets.
  ...[
    `\\b${GIVE_VERB}\\b[^.!?\\n]{0,60}?(?:${SECRET})`,
    `\\b${GIVING}\\b[^.!?\\n]{0,60}?(?:${SECRET})[^.!?\\n]{0,40}?\\b${TO_US}\\b`,
    `\\b(?:replying|responding|answering) with\\b[^.!?\\n]{0,40}?(?:${SECRET})`,
    `\\b(?:type|enter|write|paste|put|drop)\\b[^.!?\\n]{0,60}?(?:${SECRET})[^.!?\\n]{0,40}?\\b${IN_THE_CHAT}`,
    `\\b(?:ask|request|collect|get|obtain|demand|require) ${CUSTOMERS_OR_THEM} (?:for|to (?:send|share|give|provide|confirm|type|enter|read|tell|say|spell))\\b[^.!?\\n]{0,60}?(?:${SECRET})`,
    `(?:${CLAUSE_START}|\\b(?:always|then|and|please|also|first) )(?:ask|request|collect|demand) (?:for )?[^.!?\\n]{0,30}?(?:${SECRET})`,
    `\\b(?:we|i|our team|our agents?|the assistant|the bot) (?:(?:will|'ll|also|first|just) )*(?:need|require|must have|want|ask for|collect|request)\\b[^.!?\\n]{0,40}?(?:${SECRET})`,
  ].map((source) => ({
    rule: 'secret_request' as const,
    language: 'en' as const,
    pattern: p(source),
    unlessNegated: true,
  })),
];
