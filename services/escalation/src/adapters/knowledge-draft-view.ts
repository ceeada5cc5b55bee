import type { types, ViewResponseAction } from '@slack/bolt';
import { DRAFT_LIMITS } from '@support/contracts';
import type {
  DraftEdits,
  DraftField,
  DraftForm,
  DraftPublication,
} from '../ports/knowledge-draft.js';

/** The message shortcut's callback id (the Slack app's "Add to knowledge base" shortcut). */
export const ADD_TO_KNOWLEDGE_BASE = 'add_to_knowledge_base';
/** The draft modal's callback id: its `view_submission` publishes the draft. */
export const KNOWLEDGE_DRAFT_VIEW = 'knowledge_draft';

/** Slack's limit on a `plain_text_input`: a longer body cannot be edited in the modal. */
export const SLACK_INPUT_MAX_CHARS = 3000;
/** Each input's action id; its block id is the draft field it edits. */
const VALUE = 'value';

const LANGUAGE_OPTIONS: Record<'en' | 'ar', types.PlainTextOption> = {
  en: { text: { type: 'plain_text', text: 'English' }, value: 'en' },
  ar: { text: { type: 'plain_text', text: 'Arabic (العربية)' }, value: 'ar' },
};

const plain = (text: string) => ({ type: 'plain_text' as const, text, emoji: false });

/**
 * The draft as a modal. Every piece of data sits in a `plain_text` element or input (never mrkdwn),
 * so markup in an admin's reply or a customer's question shows as the characters typed.
 */
export function draftModal(draft: DraftForm): types.ModalView {
  const bodyFits = draft.body.length <= SLACK_INPUT_MAX_CHARS;
  const input = (field: DraftField, label: string, value: string, maxLength: number) => ({
    type: 'input' as const,
    block_id: field,
    label: plain(label),
    element: {
      type: 'plain_text_input' as const,
      action_id: VALUE,
      max_length: maxLength,
      ...(field === 'body' ? { multiline: true } : {}),
      ...(value ? { initial_value: value } : {}),
    },
  });
  return {
    type: 'modal',
    callback_id: KNOWLEDGE_DRAFT_VIEW,
    private_metadata: draft.draftId,
    title: plain('Add to knowledge base'),
    submit: plain('Publish'),
    close: plain('Cancel'),
    blocks: [
      {
        type: 'context',
        elements: [
          plain(
            `Asked ${draft.asked} ${draft.asked === 1 ? 'time' : 'times'}. Nothing is indexed ` +
              'until you publish; the admin console edits the same draft.',
          ),
        ],
      },
      input('title', 'Title', draft.title, DRAFT_LIMITS.titleChars),
      {
        type: 'input',
        block_id: 'lang',
        label: plain('Language'),
        element: {
          type: 'static_select',
          action_id: VALUE,
          options: Object.values(LANGUAGE_OPTIONS),
          initial_option: LANGUAGE_OPTIONS[draft.lang],
        },
      },
      input('topic', 'Topic', draft.topic, DRAFT_LIMITS.topicChars),
      bodyFits
        ? input('body', 'Article', draft.body, SLACK_INPUT_MAX_CHARS)
        : {
            type: 'context',
            elements: [
              plain(
                `The article (${draft.body.length} characters) is longer than a Slack form ` +
                  `holds (${SLACK_INPUT_MAX_CHARS}): edit it in the admin console. Publishing ` +
                  'here keeps it as drafted.',
              ),
            ],
          },
    ],
  };
}

/**
 * The answer to a submitted draft modal: the outcome replaces the form, or the form stays open
 * with each error under its field (`errors` may only name blocks the form has).
 */
export function submissionResponse(
  result: DraftPublication,
  fields: readonly DraftField[],
): ViewResponseAction {
  if (result.outcome === 'published')
    return {
      response_action: 'update',
      view: noticeModal(
        'Published',
        `Published as knowledge-base article ${result.docId}; retrieval indexes it like any ` +
          'other document.',
      ),
    };
  if (result.outcome === 'refused')
    return { response_action: 'update', view: noticeModal('Not published', result.message) };
  const errors = Object.entries(result.errors).filter(([field]) =>
    fields.includes(field as DraftField),
  );
  if (errors.length === 0)
    return {
      response_action: 'update',
      view: noticeModal('Not published', Object.values(result.errors).join(' ')),
    };
  return { response_action: 'errors', errors: Object.fromEntries(errors) };
}

/** Publishing failed (an outage): the form stays open, the edits kept, the failure on top. */
export function failedSubmission(fields: readonly DraftField[]): ViewResponseAction {
  return {
    response_action: 'errors',
    errors: { [fields[0] ?? 'title']: 'Could not publish right now; please try again.' },
  };
}

/** A modal that only says something (the submission's outcome); it replaces the form. */
function noticeModal(title: string, text: string): types.ModalView {
  return {
    type: 'modal',
    callback_id: `${KNOWLEDGE_DRAFT_VIEW}_done`,
    title: plain(title),
    close: plain('Close'),
    blocks: [{ type: 'section', text: plain(text) }],
  };
}

/** The submitted view's values (`view.state.values`: block id -> action id -> value). */
export type SubmittedValues = Record<
  string,
  Record<string, { value?: string | null; selected_option?: { value?: string } | null }>
>;

/** The admin's edits from a submitted draft modal; `body` is null when the form had none. */
export function editsOf(values: SubmittedValues): DraftEdits {
  const text = (field: DraftField) => values[field]?.[VALUE]?.value ?? null;
  return {
    title: text('title') ?? '',
    lang: values.lang?.[VALUE]?.selected_option?.value ?? '',
    topic: text('topic') ?? '',
    body: values.body ? (text('body') ?? '') : null,
  };
}

/** The fields the submitted form had (a `response_action: errors` can only name those). */
export function fieldsOf(values: SubmittedValues): DraftField[] {
  return (['title', 'lang', 'topic', 'body'] as const).filter((field) => field in values);
}
