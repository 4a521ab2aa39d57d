import type { HeaderFooter } from '../../../content/schemas/header-footer.schema';
import { SmartLink } from '../../components/smart-link';

/** The site-wide notice above the header; empty content means no bar. */
export function NotificationBar({ notification }: { notification: HeaderFooter['notification'] }) {
  if (!notification.content.trim()) return null;
  return (
    <p className="notice">
      {notification.url ? <SmartLink href={notification.url}>{notification.content}</SmartLink> : notification.content}
    </p>
  );
}
