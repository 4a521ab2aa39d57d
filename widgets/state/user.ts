import { computed, signal } from '@preact/signals-core';
import { readCookie } from '../consent-gate/cookies';
import { request } from '../request';
import { site } from './site';

/** The user profile after camelCasing (nickname may come as nickName or nickname). */
export interface UserProfile {
  userId: number | string;
  userName?: string;
  nickName?: string;
  nickname?: string;
  icon?: string;
  security?: unknown;
}

/** Logged in when a user id cookie (userId or cUserId) other than 0 exists. */
export function userIdFromCookies(source?: string): string | null {
  // One read of document.cookie: each read is a synchronous call to the browser process.
  const cookies = source ?? document.cookie;
  for (const name of ['userId', 'cUserId']) {
    const v = readCookie(name, cookies);
    if (v && v !== '0') return v;
  }
  return null;
}

export const userId = signal<string | null>(typeof document === 'undefined' ? null : userIdFromCookies());
export const profile = signal<UserProfile | null>(null);
export const profileStatus = signal<'unsent' | 'loading' | 'success' | 'error'>('unsent');
export const isLoggedIn = computed(() => userId.value !== null);

/** The nickname falls back: nickName → userName → userId. */
export function displayName(p: UserProfile | null, id: string | null): string {
  return p?.nickName || p?.nickname || p?.userName || String(p?.userId ?? id ?? '');
}

let pending: Promise<UserProfile | null> | null = null;

/** GET {api}/app/userprofile (cacheable=1, 3 retries), once per page; visitors never call it. */
export function loadProfile(): Promise<UserProfile | null> {
  if (!isLoggedIn.value) return Promise.resolve(null);
  pending ??= (async () => {
    profileStatus.value = 'loading';
    try {
      const data = await request<{ profile?: UserProfile } & Partial<UserProfile>>(
        `${site.value.api}/app/userprofile`,
        {
          params: { cacheable: 1 },
          retries: 3,
          redirectOnNotLoggedIn: false,
        },
      );
      const p = data.profile ?? (data as UserProfile);
      profile.value = p;
      profileStatus.value = 'success';
      return p;
    } catch {
      profileStatus.value = 'error';
      return null;
    }
  })();
  return pending;
}
