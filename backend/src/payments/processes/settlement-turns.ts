import { Injectable } from '@nestjs/common';
import { KeyedQueue } from '../../shared/event-sourcing/keyed-queue';

/** In this process one settlement of a payment runs at a time (keyed by payment id), so confirming and failing it never interleave their steps. */
@Injectable()
export class SettlementTurns extends KeyedQueue {}
