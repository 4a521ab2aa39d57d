import { request } from './';
import { site } from '../state/site';
import { camel } from '../lib/strings';
import type { Camelized } from '../request/camelized';
import type {
  DeviceAnswer,
  DeviceModelsAnswer,
  DeviceRegisterBody,
  DevicesAnswer,
  DeviceView,
  StaffDeviceAnswer,
  StaffDeviceReviewBody,
  StaffDevicesAnswer,
  StaffDeviceView,
  WarrantyCheckAnswer,
  WarrantyStatus,
} from '../../server/schemas/devices';

/** My devices and the warranty check (server/routes/devices), camel-cased by the request layer. */
export type Device = Camelized<DeviceView>;
export type StaffDevice = Camelized<StaffDeviceView>;
export type WarrantyCheck = Camelized<WarrantyCheckAnswer>;
export type DeviceModel = Camelized<DeviceModelsAnswer>['models'][number];
export type { WarrantyStatus };

/** A warranty status's catalogue key (keys allow no underscores): device.warranty.inWarranty, …. */
export const warrantyKey = (status: WarrantyStatus) => `device.warranty.${camel(status)}` as const;

/** How a device is named in a list: its model and the number the shopper knows it by. */
export const deviceLabel = (d: Pick<Device, 'model' | 'imei' | 'serial'>) =>
  `${d.model} · ${d.imei ? `IMEI ${d.imei}` : (d.serial ?? '')}`;

const api = (path: string) => `${site.value.api}${path}`;

export const devicesApi = {
  list: () => request<Camelized<DevicesAnswer>>(api('/devices')),
  models: () => request<Camelized<DeviceModelsAnswer>>(api('/devices/models')),
  register: (body: DeviceRegisterBody) =>
    request<Camelized<DeviceAnswer>>(api('/devices/register'), { body, json: true }).then((r) => r.device),
  remove: (id: string) => request<object>(api('/devices/remove'), { body: { id }, json: true }),
  check: (number: string) => request<WarrantyCheck>(api('/warranty/check'), { params: { number } }),
  staffList: (number?: string) =>
    request<Camelized<StaffDevicesAnswer>>(api('/staff/devices'), { params: number ? { number } : {} }).then(
      (r) => r.devices,
    ),
  staffReview: (body: StaffDeviceReviewBody) =>
    request<Camelized<StaffDeviceAnswer>>(api('/staff/devices/review'), { body, json: true }).then((r) => r.device),
};
