/**
 * The payment gateway the portal charges through. A real processor plugs in behind this
 * interface; the built-in sandbox decides by the method's last four digits (the only part of a
 * card the portal keeps), so every outcome can be tried on a fresh install.
 */

import { randomBytes } from 'node:crypto';
import { SANDBOX_CARDS } from '@portal/contract/billing';

export interface ChargeRequest {
  amount: number;
  method: { type: 'credit_card' | 'bank_account'; last4: string; brand: string | null };
  /** Our reference (the invoice number), shown on the customer's statement. */
  description: string;
}

export interface ChargeResult {
  status: 'Successful' | 'Failed' | 'Pending';
  reference: string;
  failureReason: string | null;
}

export interface PaymentGateway {
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** A pending charge's outcome, once the processor knows it. */
  settle(reference: string, last4: string): Promise<ChargeResult>;
}

const reference = (type: ChargeRequest['method']['type']) =>
  `${type === 'credit_card' ? 'ch' : 'py'}_sbx_${randomBytes(12).toString('hex')}`;

/** The sandbox: test numbers decide (see SANDBOX_CARDS); any other valid method is approved. */
export const sandboxGateway: PaymentGateway = {
  async charge({ method }) {
    const rule = SANDBOX_CARDS.find((c) => c.last4 === method.last4);
    const ref = reference(method.type);
    if (rule?.outcome === 'Failed') return { status: 'Failed', reference: ref, failureReason: rule.message };
    if (rule?.outcome === 'Pending') return { status: 'Pending', reference: ref, failureReason: null };
    return { status: 'Successful', reference: ref, failureReason: null };
  },
  async settle(ref) {
    return { status: 'Successful', reference: ref, failureReason: null };
  },
};
