import { describe, expect, it } from '@jest/globals';
import type { DraftForm } from '../ports/knowledge-draft.js';
import {
  draftModal,
  editsOf,
  fieldsOf,
  SLACK_INPUT_MAX_CHARS,
  submissionResponse,
} from './knowledge-draft-view.js';

const draft: DraftForm = {
  draftId: '0b5a1f3e-6a1d-4c1e-9d55-2c1d6b1f7a10',
  gapId: '6f1c6a8e-3b7a-4f3e-9d55-2c1d6b1f7a10',
  title: 'Returns of <b>shoes</b>',
  lang: 'ar',
  topic: 'returns',
  body: 'Within 30 days. <script>alert(1)</script> *not bold* <!channel>',
  asked: 3,
};

type Block = { type: string; block_id?: string; element?: Record<string, unknown> };
const blocksOf = (form: DraftForm) => draftModal(form).blocks as unknown as Block[];

describe('knowledge draft modal', () => {
  it('holds the draft in plain_text inputs, markup as typed, the draft id as private metadata', () => {
    const modal = draftModal(draft);
    expect(modal).toMatchObject({
      callback_id: 'knowledge_draft',
      private_metadata: draft.draftId,
    });
    const byId = Object.fromEntries(blocksOf(draft).map((b) => [b.block_id, b.element]));
    expect(byId.title).toMatchObject({ type: 'plain_text_input', initial_value: draft.title });
    expect(byId.topic).toMatchObject({ type: 'plain_text_input', initial_value: 'returns' });
    expect(byId.body).toMatchObject({
      type: 'plain_text_input',
      multiline: true,
      initial_value: draft.body,
    });
    expect(byId.lang).toMatchObject({ type: 'static_select', initial_option: { value: 'ar' } });
    expect(JSON.stringify(modal)).not.toContain('mrkdwn');
    expect(modal.title.text.length).toBeLessThanOrEqual(24);
  });

  it('a body longer than Slack inputs hold is not offered for editing: it is kept as drafted', () => {
    const long = { ...draft, body: 'x'.repeat(SLACK_INPUT_MAX_CHARS + 1) };
    const blocks = blocksOf(long);
    expect(blocks.some((b) => b.block_id === 'body')).toBe(false);
    expect(JSON.stringify(blocks)).toContain('admin console');
    const values = {
      title: { value: { value: 'T' } },
      lang: { value: { selected_option: { value: 'en' } } },
      topic: { value: { value: 'returns' } },
    };
    expect(editsOf(values)).toEqual({ title: 'T', lang: 'en', topic: 'returns', body: null });
    expect(fieldsOf(values)).toEqual(['title', 'lang', 'topic']);
  });

  it("answers a submission's errors under the fields the form has, else replaces the form", () => {
    const invalid = { outcome: 'invalid', errors: { title: 'too long' } } as const;
    expect(submissionResponse(invalid, ['title', 'body'])).toEqual({
      response_action: 'errors',
      errors: { title: 'too long' },
    });
    const noBody = { outcome: 'invalid', errors: { body: 'empty' } } as const;
    expect(submissionResponse(noBody, ['title'])).toMatchObject({ response_action: 'update' });
    expect(
      submissionResponse({ outcome: 'published', docId: 'returns-of-shoes-0b5a1f3e' }, []),
    ).toMatchObject({ response_action: 'update' });
  });
});
