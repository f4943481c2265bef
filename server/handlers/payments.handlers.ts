import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { HttpError } from '../errors';

// Placeholder until the payments work lands: the operations are in the contract and answer 501.
// The payments implementation replaces this file (same export name and operationIds).
export function paymentsHandlers(_ctx: AppContext) {
  const notYet = async (_request: FastifyRequest, _reply: FastifyReply) => {
    throw new HttpError(501, 'Payments are not available yet');
  };
  return {
    getPaymentFields: notYet,
    submitPayment: notYet,
    sandboxGatewayPage: notYet,
    sandboxGatewayComplete: notYet,
    payuCallback: notYet,
  };
}
