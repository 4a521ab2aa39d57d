import { ApiError, Errno, type ErrnoCode } from '../../errors';
import type { StepRefusal } from '../../orders/lifecycle';

/** Each refusal of a fulfilment step: its errno, HTTP status, the staff console's text key and the API's English. */
const REFUSALS: Record<StepRefusal, { errno: ErrnoCode; status: number; key: string; english: string }> = {
  not_found: { errno: Errno.NOT_FOUND, status: 404, key: 'order.error.notFound', english: 'no such order' },
  not_paid: {
    errno: Errno.ORDER_NOT_PAID,
    status: 200,
    key: 'console.orders.error.notPaid',
    english: 'the order is not paid (unpaid or in review): nothing may ship',
  },
  cancelled: {
    errno: Errno.ORDER_CANCELLED,
    status: 200,
    key: 'console.orders.error.cancelled',
    english: 'the order was cancelled: nothing may ship',
  },
  wrong_state: {
    errno: Errno.ORDER_STEP_STATE,
    status: 200,
    key: 'console.orders.error.state',
    english: "the order's state does not allow this step",
  },
  carrier: {
    errno: Errno.CARRIER_NOT_IN_COUNTRY,
    status: 200,
    key: 'console.orders.error.carrier',
    english: "the carrier does not ship in the order's country",
  },
  unknown_line: {
    errno: Errno.SHIPMENT_LINE_UNKNOWN,
    status: 200,
    key: 'console.orders.error.line',
    english: 'a line is not one of the order, or is named twice',
  },
  over_quantity: {
    errno: Errno.SHIPMENT_OVER_QUANTITY,
    status: 200,
    key: 'console.orders.error.overQuantity',
    english: 'more units than are left to ship of a line',
  },
  reference_reused: {
    errno: Errno.SHIPMENT_REFERENCE_REUSED,
    status: 200,
    key: 'console.orders.error.referenceReused',
    english: 'this reference is another shipment of the order (other carrier, tracking number or lines)',
  },
  units: {
    errno: Errno.SHIPMENT_UNITS_INVALID,
    status: 200,
    key: 'device.error.shipmentUnits',
    english:
      'units are named wrongly: one IMEI or serial per unit shipped, of serialised products only, each number once ' +
      'and well formed (an IMEI of 15 digits with its check digit, a serial of 8-20 letters and digits)',
  },
  shipment_not_found: {
    errno: Errno.SHIPMENT_NOT_FOUND,
    status: 404,
    key: 'console.orders.error.shipmentNotFound',
    english: 'no such shipment of the order',
  },
};

/** The API error of a refused step; `text` gives the staff console its language (the warehouse reads English). */
export function stepRefusal(refusal: StepRefusal, text?: (key: string) => string): ApiError {
  const r = REFUSALS[refusal];
  return new ApiError(r.errno, text ? text(r.key) : r.english, r.status);
}
