/**
 * The F-code snapshot: one limited launch in /id whose codes a campaign sends to invited fans. The codes are
 * deterministic so the committed snapshot and the tests agree.
 */
import type { FcodesSnapshot } from '../schemas/fcodes.schema';

export function buildFcodes(): FcodesSnapshot {
  return {
    campaigns: [
      {
        id: 'id-poco-f7-pro-launch',
        local: 'id',
        productId: 'poco-f7-pro',
        endsAt: '2027-12-31T23:59:59Z',
        codes: Array.from({ length: 40 }, (_, i) => `FPOCO${String(i + 1).padStart(4, '0')}`),
      },
    ],
  };
}
