import { request } from './';
import { uploadBytes } from './upload-bytes';
import { site } from '../state/site';
import type { Camelized } from '../request/camelized';
import type { ProfileAnswer, SessionView } from '../../server/schemas/profile';

/**
 * Profile and security calls (server/routes/account/profile.ts and security.ts), camel-cased by the request layer;
 * types from server/schemas/profile.ts.
 */
export type Profile = Camelized<ProfileAnswer>;
export type SignedInSession = Camelized<SessionView>;

const api = (path: string) => `${site.value.api}${path}`;
const post = <T>(path: string, body: Record<string, unknown>) => request<T>(api(path), { body, json: true });

/** The avatar rules checked before sending (the server checks again, by the bytes): jpg, jpeg or png under 10 MB. */
export const AVATAR_RULES = { maxBytes: 10 * 1024 * 1024 - 1, extensions: ['jpg', 'jpeg', 'png'] } as const;

/** True when a chosen picture fits the avatar rules. */
export function avatarFits(file: Pick<File, 'name' | 'size'>): boolean {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return (
    (AVATAR_RULES.extensions as readonly string[]).includes(ext) && file.size > 0 && file.size <= AVATAR_RULES.maxBytes
  );
}

export const profileApi = {
  get: () => request<Profile>(api('/user/profile')),
  save: (values: { nickname?: string; phone?: string }) => post<Profile>('/user/profile', values),
  setBirthday: (birthday: string) => post<Profile>('/user/profile/birthday', { birthday }),
  removeAvatar: () => post<Profile>('/user/avatar/delete', {}),
  changePassword: (currentPassword: string, newPassword: string) =>
    post<{ signedOut: number }>('/user/password', { current_password: currentPassword, new_password: newPassword }),
  changeEmail: (email: string, password: string) =>
    post<{ status: string; email: string }>('/user/email', { email, password }),
  sessions: () => request<{ sessions: SignedInSession[] }>(api('/user/sessions')).then((r) => r.sessions),
  signOut: (id: string) => post<{ signedOut: number }>('/user/sessions/sign-out', { id }),
  signOutOthers: () => post<{ signedOut: number }>('/user/sessions/sign-out-others', {}),
  /** The picture as its own bytes (the request layer sends JSON and forms only). */
  async uploadAvatar(file: File): Promise<Profile> {
    return (await uploadBytes(api('/user/avatar'), file)) as Profile;
  },
};
