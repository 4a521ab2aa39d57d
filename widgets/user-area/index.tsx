import { useEffect } from 'preact/hooks';
import { SignOutForm } from '../lib/sign-out-form';
import { adoptStyles } from '../lib/styles';
import { CHECKOUT_CSS } from '../lib/purchase-styles';
import { OrderDetail, OrderList } from './orders';
import { InsurancePolicies } from './insurance-policies';
import { AddressBook } from './address-book';
import { CouponCentre, UseNow } from './coupons';
import { PointsCentre } from './points';
import { FcodeCentre } from './fcodes';
import { VoucherCentre } from './vouchers';
import { AftersalesApply, AftersalesFeedback, AftersalesList, ServiceProgress } from './aftersales';
import { StaffConsole } from '../staff-console/index';
import { MiExchange, TradeInEvaluator, TradeInOrders } from './trade-in';
import { mountPreact } from '../lib/mount-preact';
import { MessageCentre, Notifications, MESSAGES_CSS } from './messages';
import { NotificationPreferences } from './notification-prefs';
import { ProfileSettings } from './profile';
import { DataRightsScreen } from './data-rights';
import { AlertsScreen } from './alerts';
import { MiClub } from './mi-club';
import { StudentProgramme } from './student';
import { FriendCodes } from './friends';
import { MyDevices } from './my-devices';
import { BusinessAccount, BusinessStatus } from './business';
import { MyReviews, PostAdditionReview, PostReview, ReviewDetail, ReviewsRedirect } from './reviews';
import { t } from '../lib/strings';
import { goToSignIn, request } from '../request';
import { propsOf, type BaseProps } from '../runtime/types';
import { PUBLIC_USER_SECTIONS, type HostProps } from '../contract';
import { cartCount, refreshMiscInfo, unreadMessages } from '../state/cart-count';
import { displayName, isLoggedIn, loadProfile, profile, profileStatus, userId } from '../state/user';

type Props = HostProps<'user-area'>;

/** The account menu: path under /user/ and the catalogue key of its text. */
const LINKS = [
  ['', 'user.orders'],
  ['message', 'user.messages'],
  ['coupon', 'user.coupons'],
  ['address', 'user.address'],
  ['alerts', 'alert.title'],
  ['notification-preferences', 'user.notifications'],
  ['profile', 'account.profile.title'],
  ['data', 'account.data.title'],
  ['student', 'student.title'],
  ['my-request', 'page.user-my-request.title'],
  ['my-device', 'page.user-my-device.title'],
] as const;

/** /user/**: signed-in areas; visitors are sent to sign-in. */
function UserArea({ props }: { props: Props }) {
  const s = props.strings;
  useEffect(() => {
    // A browser whose session ended elsewhere (signed out from another device, a password change) still has its
    // user-id cookie: asking once more with the default handling sends it to sign-in instead of an error.
    void loadProfile().then((p) =>
      p || !isLoggedIn.value ? undefined : request(`${props.api}/app/userprofile`).catch(() => undefined),
    );
    void refreshMiscInfo().catch(() => undefined);
  }, []);
  if (profileStatus.value === 'error') return <p role="alert">{t(s, 'error.tryAgainLater')}</p>;
  if (!profile.value) return <p class="user-area user-area--loading">{t(s, 'common.loading')}</p>;
  return (
    <div class="user-area" data-testid="user-area">
      <div class="user-area__card">
        <img src={profile.value.icon ?? `${props.api}/images/avatar-default.svg`} alt="" width={64} height={64} />
        <p class="user-area__name" translate={false}>
          {displayName(profile.value, userId.value)}
        </p>
        <p class="user-area__id">ID: {String(profile.value.userId)}</p>
      </div>
      <nav aria-label={t(s, 'user.title')}>
        <ul>
          {LINKS.map(([path, key]) => (
            <li key={path}>
              <a
                href={`/${props.urlLocal}/user/${path ? `${path}/` : ''}`}
                aria-current={(props.section === 'overview' ? '' : props.section) === path ? 'page' : undefined}
              >
                {t(s, key)}
                {path === 'message' && unreadMessages.value > 0 ? ` (${unreadMessages.value})` : ''}
              </a>
            </li>
          ))}
          <li>
            <a href={`/${props.urlLocal}/cart/`}>
              {t(s, 'header.cart')} ({cartCount.value ?? 0})
            </a>
          </li>
        </ul>
      </nav>
      <SignOutForm class="user-area__signout" label={t(s, 'header.signOut')} />
      <Section props={props} />
    </div>
  );
}

/** The screen of the section; sections of later issues (coupons, reviews, service…) have only the account menu yet. */
function Section({ props }: { props: Props }) {
  switch (props.section) {
    case 'overview':
      return (
        <>
          <OrderList props={props} />
          <FriendCodes props={props} />
          <InsurancePolicies strings={props.strings} display={props.priceDisplay} />
        </>
      );
    case 'order':
      return <OrderDetail props={props} />;
    case 'address':
      return <AddressBook props={props} />;
    case 'coupon':
      return <CouponCentre props={props} />;
    case 'use-now':
      return <UseNow props={props} />;
    case 'points-exchange':
      return <PointsCentre props={props} />;
    case 'fcode':
      return <FcodeCentre props={props} />;
    case 'voucher':
      return <VoucherCentre props={props} />;
    case 'aftersales-apply':
      return <AftersalesApply props={props} />;
    case 'aftersales-list':
      return <AftersalesList props={props} />;
    case 'aftersales-feedback':
      return <AftersalesFeedback props={props} />;
    case 'service-progress':
      return <ServiceProgress props={props} />;
    case 'staff-console':
      return <StaffConsole props={props} />;
    case 'trade-in':
      return <TradeInEvaluator props={props} />;
    case 'miexchange':
      return <MiExchange props={props} />;
    case 'trade-in-order':
      return <TradeInOrders props={props} />;
    case 'message':
      return <MessageCentre props={props} />;
    case 'notification':
      return <Notifications props={props} />;
    case 'notification-preferences':
      return <NotificationPreferences props={props} />;
    case 'profile':
      return <ProfileSettings props={props} />;
    case 'data':
      return <DataRightsScreen props={props} />;
    case 'alerts':
      return <AlertsScreen props={props} />;
    case 'mi-club':
      return <MiClub props={props} />;
    case 'student':
      return <StudentProgramme props={props} />;
    case 'post-review':
      return <PostReview props={props} />;
    case 'post-addition-review':
      return <PostAdditionReview props={props} />;
    case 'my-reviews':
      return <MyReviews props={props} />;
    case 'review-detail':
      return <ReviewDetail props={props} />;
    case 'reviews':
      return <ReviewsRedirect props={props} />;
    case 'business':
      return <BusinessStatus props={props} />;
    case 'business-account':
      return <BusinessAccount props={props} />;
    case 'my-device':
      return <MyDevices props={props} />;
    default:
      return null;
  }
}

export function mount(host: HTMLElement, base: BaseProps): () => void {
  const props = propsOf<'user-area'>(base);
  if (!isLoggedIn.value && !PUBLIC_USER_SECTIONS.includes(props.section)) {
    goToSignIn();
    return () => undefined;
  }
  adoptStyles('checkout', CHECKOUT_CSS);
  adoptStyles('messages', MESSAGES_CSS);
  // The /business landing page shows only its status block, not the account menu.
  if (!isLoggedIn.value || props.section === 'business') return mountPreact(host, <Section props={props} />);
  return mountPreact(host, <UserArea props={props} />);
}
