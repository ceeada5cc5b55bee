import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { GAP_ID_PATTERN } from '@support/contracts';
import { groupWordingGaps, KnowledgeGaps } from '@support/knowledge';
import { ClarificationReader, KnowledgeReader } from '@support/persistence';
import { AppError } from '@support/platform/pure';
import { TokenService } from '../auth/token-service.js';
import { draftEditsOf } from './draft-edits.js';

const bearerOf = (authorization?: string) => /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
const DRAFT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The knowledge-gaps page's HTTP side (admin tokens only): the gaps, and drafting, publishing or
 * discarding an article from one. Every rule lives in {@link KnowledgeGaps}; this only checks who
 * calls and that the ids could name something (anything else is not found, not a database error).
 */
@Controller('admin/knowledge')
export class KnowledgeGapsController {
  constructor(
    @Inject(TokenService) private readonly tokens: TokenService,
    @Inject(KnowledgeGaps) private readonly knowledge: KnowledgeGaps,
    @Inject(KnowledgeReader) private readonly drafts: KnowledgeReader,
    @Inject(ClarificationReader) private readonly clarifications: ClarificationReader,
  ) {}

  @Get('gaps')
  async gaps(@Headers('authorization') authorization?: string) {
    await this.admin(authorization);
    return { gaps: await this.knowledge.gaps() };
  }

  /** Sections customers reached only through a clarification: the KB lacks their words. */
  @Get('wording-gaps')
  async wordingGaps(@Headers('authorization') authorization?: string) {
    await this.admin(authorization);
    return { wording: groupWordingGaps(await this.clarifications.accepted(null)) };
  }

  @Get('gaps/:gapId')
  async gap(@Param('gapId') gapId: string, @Headers('authorization') authorization?: string) {
    await this.admin(authorization);
    const gap = GAP_ID_PATTERN.test(gapId) ? await this.knowledge.gap(gapId) : null;
    if (!gap) throw new AppError('not_found', `No knowledge gap ${gapId.slice(0, 64)}`);
    return { gap };
  }

  /** Opens the gap's draft: the one waiting for review if there is one, else a new one. */
  @Post('gaps/:gapId/drafts')
  @HttpCode(200)
  async startDraft(
    @Param('gapId') gapId: string,
    @Headers('authorization') authorization?: string,
  ) {
    const admin = await this.admin(authorization);
    if (!GAP_ID_PATTERN.test(gapId))
      throw new AppError('not_found', `No knowledge gap ${gapId.slice(0, 64)}`);
    return { draft: await this.knowledge.startDraft(gapId, admin, 'console') };
  }

  @Get('drafts/:draftId')
  async draft(@Param('draftId') draftId: string, @Headers('authorization') authorization?: string) {
    await this.admin(authorization);
    const draft = DRAFT_ID_PATTERN.test(draftId) ? await this.drafts.draft(draftId) : null;
    if (!draft) throw new AppError('not_found', `No draft ${draftId.slice(0, 64)}`);
    return { draft };
  }

  @Post('drafts/:draftId/publish')
  @HttpCode(200)
  async publish(
    @Param('draftId') draftId: string,
    @Body() body: unknown,
    @Headers('authorization') authorization?: string,
  ) {
    const admin = await this.admin(authorization);
    this.knownDraftId(draftId);
    return this.knowledge.publish(draftId, draftEditsOf(body), admin);
  }

  @Post('drafts/:draftId/discard')
  @HttpCode(200)
  async discard(
    @Param('draftId') draftId: string,
    @Headers('authorization') authorization?: string,
  ) {
    const admin = await this.admin(authorization);
    this.knownDraftId(draftId);
    await this.knowledge.discard(draftId, admin);
    return { draftId, status: 'discarded' };
  }

  /** The signed-in admin's id (401 without a valid token, 403 for any other role). */
  private async admin(authorization?: string): Promise<string> {
    return (await this.tokens.verify(bearerOf(authorization), 'admin')).subject;
  }

  private knownDraftId(draftId: string): void {
    if (!DRAFT_ID_PATTERN.test(draftId))
      throw new AppError('not_found', `No draft ${draftId.slice(0, 64)}`);
  }
}
