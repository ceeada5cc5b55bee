import { Controller, Inject } from '@nestjs/common';
import { createFollowUp, JetStreamClient, OnEvent } from '@support/bus';
import { EscalationClassified, EscalationRaised, type EnvelopeOf } from '@support/contracts';
import { CLOCK, type Clock } from '@support/platform/pure';
import { openEscalation, PersonalData } from '@support/privacy';
import { ClassifyEscalation } from './classification/classify-escalation.js';

/**
 * Translates `escalation.raised` into a classification and its result into
 * `escalation.classified`. On its own durable consumer, so nothing upstream waits for it; the
 * event id derives from the escalation, so a redelivery or a duplicate publishes nothing new.
 */
@Controller()
export class ClassifierEvents {
  constructor(
    @Inject(JetStreamClient) private readonly bus: JetStreamClient,
    @Inject(ClassifyEscalation) private readonly classify: ClassifyEscalation,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PersonalData) private readonly personalData: PersonalData,
  ) {}

  @OnEvent(EscalationRaised, { consumer: 'classifier' })
  async escalationRaised(event: EnvelopeOf<typeof EscalationRaised>): Promise<void> {
    // Opened for the label only; a forgotten customer's transcript reads "[erased]".
    const result = await this.classify.execute(
      await openEscalation(this.personalData, event.payload),
    );
    await this.bus.publishEvent(
      createFollowUp(
        EscalationClassified,
        result,
        event,
        event.payload.escalationId,
        this.clock.now(),
      ),
    );
  }
}
