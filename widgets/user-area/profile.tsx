import { useSignal } from '@preact/signals';
import { t } from '../lib/strings';
import { dayOf, when } from '../lib/when';
import type { HostProps } from '../contract';
import { useResource } from '../lib/use-resource';
import { useSubmit } from '../lib/use-submit';
import { avatarFits, profileApi, type Profile } from '../request/profile-api';
import { profile as menuProfile } from '../state/user';

type Props = HostProps<'user-area'>;
type Strings = Props['strings'];

/** /user/profile: the profile (avatar, nickname, phone, birthday), the password, the address and the devices. */
export function ProfileSettings({ props }: { props: Props }) {
  const s = props.strings;
  const message = useSignal('');
  const current = useResource(() => profileApi.get(), { strings: s, error: message });
  const p = current.data.value;
  if (!p) return <p>{message.value || t(s, 'common.loading')}</p>;
  const show = (next: Profile) => {
    current.data.value = next;
    // The account card above shows the avatar and the nickname too.
    if (menuProfile.value)
      menuProfile.value = { ...menuProfile.value, nickname: next.nickname, icon: next.icon ?? undefined };
  };
  return (
    <div class="profile-settings" data-testid="profile-settings">
      <ProfileForm s={s} p={p} api={props.api} onSaved={show} />
      <PasswordForm s={s} />
      <EmailForm s={s} email={p.email} />
      <Devices s={s} />
    </div>
  );
}

function ProfileForm({ s, p, api, onSaved }: { s: Strings; p: Profile; api: string; onSaved: (p: Profile) => void }) {
  const nickname = useSignal(p.nickname);
  const phone = useSignal(p.phone ?? '');
  const birthday = useSignal(p.birthday ?? '');
  const done = useSignal('');
  const save = useSubmit(
    async () => {
      // Only what changed: a nickname from before the profile rule stays as it is until its owner edits it.
      let next = await profileApi.save({
        ...(nickname.value !== p.nickname ? { nickname: nickname.value } : {}),
        phone: phone.value,
      });
      if (birthday.value && birthday.value !== (p.birthday ?? '')) next = await profileApi.setBirthday(birthday.value);
      return next;
    },
    {
      strings: s,
      onSuccess: (next) => {
        onSaved(next);
        done.value = t(s, 'account.profile.saved');
      },
    },
  );
  const avatar = useSubmit((fn: () => Promise<Profile>) => fn(), { strings: s, onSuccess: onSaved });
  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    if (!avatarFits(file)) {
      avatar.error.value = t(s, 'account.profile.avatarRefused');
      return;
    }
    void avatar.run(() => profileApi.uploadAvatar(file));
  };
  const locked = p.birthdayNextChange !== null;
  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title">{t(s, 'account.profile.title')}</h2>
      <div class="profile-settings__avatar">
        <img
          src={p.icon ?? `${api}/images/avatar-default.svg`}
          alt={t(s, 'account.profile.avatar')}
          width={96}
          height={96}
          data-testid="profile-avatar"
        />
        <label for="profile-avatar-file">{t(s, 'account.profile.avatar')}</label>
        <input
          id="profile-avatar-file"
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          aria-describedby="profile-avatar-hint"
          disabled={avatar.busy.value}
          onChange={(e) => pick((e.currentTarget as HTMLInputElement).files)}
        />
        <small id="profile-avatar-hint">{t(s, 'account.profile.avatarHint')}</small>
        {p.icon ? (
          <button
            type="button"
            class="button button--secondary"
            onClick={() => void avatar.run(() => profileApi.removeAvatar())}
          >
            {t(s, 'account.profile.removeAvatar')}
          </button>
        ) : null}
        <p role="alert">{avatar.error.value}</p>
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          done.value = '';
          void save.run();
        }}
      >
        <label for="profile-nickname">{t(s, 'account.profile.nickname')}</label>
        <input
          id="profile-nickname"
          value={nickname.value}
          maxLength={50}
          required
          aria-invalid={save.failure.value?.fields['nickname'] ? true : undefined}
          onInput={(e) => (nickname.value = e.currentTarget.value)}
        />
        <label for="profile-phone">
          {t(s, 'account.profile.phone')} ({p.phoneCode})
        </label>
        <input
          id="profile-phone"
          type="tel"
          autocomplete="tel-national"
          value={phone.value}
          aria-invalid={save.failure.value?.fields['phone'] ? true : undefined}
          onInput={(e) => (phone.value = e.currentTarget.value)}
        />
        <label for="profile-birthday">{t(s, 'account.profile.birthday')}</label>
        <input
          id="profile-birthday"
          type="date"
          value={birthday.value}
          disabled={locked}
          aria-describedby="profile-birthday-hint"
          onInput={(e) => (birthday.value = e.currentTarget.value)}
        />
        <small id="profile-birthday-hint">
          {locked && p.birthdayNextChange
            ? t(s, 'account.profile.birthdayNext', { date: dayOf(Date.parse(p.birthdayNextChange)) })
            : t(s, 'account.profile.birthdayHint')}
        </small>
        <button type="submit" class="button" disabled={save.busy.value} data-testid="profile-save">
          {t(s, 'account.profile.save')}
        </button>
        <p role="alert">{save.error.value}</p>
        <p role="status">{done.value}</p>
      </form>
    </section>
  );
}

function PasswordForm({ s }: { s: Strings }) {
  const currentPassword = useSignal('');
  const newPassword = useSignal('');
  const done = useSignal('');
  const change = useSubmit(() => profileApi.changePassword(currentPassword.value, newPassword.value), {
    strings: s,
    onSuccess: () => {
      currentPassword.value = '';
      newPassword.value = '';
      done.value = t(s, 'account.security.passwordChanged');
    },
  });
  return (
    <section aria-labelledby="password-title">
      <h2 id="password-title">{t(s, 'account.security.password.title')}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          done.value = '';
          void change.run();
        }}
      >
        <label for="password-current">{t(s, 'account.security.currentPassword')}</label>
        <input
          id="password-current"
          type="password"
          autocomplete="current-password"
          required
          value={currentPassword.value}
          onInput={(e) => (currentPassword.value = e.currentTarget.value)}
        />
        <label for="password-new">{t(s, 'account.security.newPassword')}</label>
        <input
          id="password-new"
          type="password"
          autocomplete="new-password"
          required
          minLength={8}
          value={newPassword.value}
          onInput={(e) => (newPassword.value = e.currentTarget.value)}
        />
        <button type="submit" class="button" disabled={change.busy.value} data-testid="password-change">
          {t(s, 'account.security.password.title')}
        </button>
        <p role="alert">{change.error.value}</p>
        <p role="status">{done.value}</p>
      </form>
    </section>
  );
}

function EmailForm({ s, email }: { s: Strings; email: string }) {
  const next = useSignal('');
  const password = useSignal('');
  const done = useSignal('');
  const change = useSubmit(() => profileApi.changeEmail(next.value, password.value), {
    strings: s,
    onSuccess: (r) => {
      password.value = '';
      done.value = t(s, 'account.security.emailSent', { email: r.email });
    },
  });
  return (
    <section aria-labelledby="email-title">
      <h2 id="email-title">{t(s, 'account.security.email.title')}</h2>
      <p translate={false}>{email}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          done.value = '';
          void change.run();
        }}
      >
        <label for="email-new">{t(s, 'account.security.newEmail')}</label>
        <input
          id="email-new"
          type="email"
          autocomplete="email"
          required
          value={next.value}
          onInput={(e) => (next.value = e.currentTarget.value)}
        />
        <label for="email-password">{t(s, 'account.security.currentPassword')}</label>
        <input
          id="email-password"
          type="password"
          autocomplete="current-password"
          required
          value={password.value}
          onInput={(e) => (password.value = e.currentTarget.value)}
        />
        <button type="submit" class="button" disabled={change.busy.value}>
          {t(s, 'account.security.email.title')}
        </button>
        <p role="alert">{change.error.value}</p>
        <p role="status">{done.value}</p>
      </form>
    </section>
  );
}

function Devices({ s }: { s: Strings }) {
  const message = useSignal('');
  const list = useResource(() => profileApi.sessions(), { strings: s, error: message });
  const act = useSubmit((fn: () => Promise<unknown>) => fn(), {
    strings: s,
    error: message,
    onSuccess: () => list.reload(),
  });
  const sessions = list.data.value;
  return (
    <section aria-labelledby="devices-title" data-testid="devices">
      <h2 id="devices-title">{t(s, 'account.security.devices.title')}</h2>
      {sessions ? (
        <ul>
          {sessions.map((d) => (
            <li key={d.id} data-session={d.id}>
              <strong translate={false}>{d.device || t(s, 'account.security.device.unknown')}</strong>
              {d.place ? <span translate={false}> · {d.place}</span> : null}
              <br />
              {d.current
                ? t(s, 'account.security.device.current')
                : t(s, 'account.security.device.lastUsed', { date: when(Date.parse(d.lastUsedAt)) })}
              {d.current ? null : (
                <button
                  type="button"
                  class="button button--secondary"
                  onClick={() => void act.run(() => profileApi.signOut(d.id))}
                >
                  {t(s, 'account.security.signOutDevice')}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t(s, 'common.loading')}</p>
      )}
      {sessions && sessions.length > 1 ? (
        <button type="button" class="button" onClick={() => void act.run(() => profileApi.signOutOthers())}>
          {t(s, 'account.security.signOutOthers')}
        </button>
      ) : null}
      <p role="alert">{message.value}</p>
    </section>
  );
}
