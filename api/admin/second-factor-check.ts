/** Checks a typed second-factor code for an admin: a TOTP code once per time step, a recovery code once. */
import { claimTotpStep, findSecondFactor, useRecoveryCode } from '../../data/second-factor';
import type { AppContext } from '../context';
import { hashRecoveryCode, isTotpCode, totpStep } from './totp';

/** `app` and `recovery` are accepted codes: the sign-in records which kind was used. */
export type CodeOutcome = 'app' | 'recovery' | 'wrong' | 'reused';

export const codeAccepted = (outcome: CodeOutcome): boolean => outcome === 'app' || outcome === 'recovery';

export async function checkSecondFactorCode(ctx: AppContext, adminId: number, typed: string): Promise<CodeOutcome> {
  const factor = await findSecondFactor(ctx.db, adminId);
  if (!factor?.totp_secret) return 'wrong';
  const now = ctx.now();
  if (isTotpCode(typed)) {
    const step = totpStep(factor.totp_secret, typed, now.getTime());
    if (step === undefined) return 'wrong';
    // The step is claimed in one conditional UPDATE: a code seen (or replayed) on any instance counts once.
    return (await claimTotpStep(ctx.db, adminId, step)) ? 'app' : 'reused';
  }
  return (await useRecoveryCode(ctx.db, adminId, hashRecoveryCode(typed), now.toISOString())) ? 'recovery' : 'wrong';
}

export function codeRefusal(outcome: CodeOutcome): string {
  return outcome === 'reused' ? 'That code was already used. Wait for the next one.' : 'Wrong code';
}
