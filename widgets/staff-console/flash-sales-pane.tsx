import { FlashSaleForm } from '../lib/flash-sale-form';
import { flashSaleStaffApi } from '../request/flash-sale-api';
import type { StaffPaneProps } from './staff-api';

/** The Flash sales tab: staff set or move a sale of this storefront's country (`POST staff/flash-sales`). */
export function FlashSalesPane({ strings, api }: StaffPaneProps) {
  return <FlashSaleForm strings={strings} save={(draft) => flashSaleStaffApi.save(draft, api)} />;
}
