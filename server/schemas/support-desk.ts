/** support-desk schemas of the API (snake_case keys; widgets see them camelCased). */
import type { FromSchema } from 'json-schema-to-ts';
import { SERVICE_KINDS, WEEKDAYS } from '../../content/schemas/service-centres.schema';

const nullableInt = { type: ['integer', 'null'] } as const;
const str = { type: 'string' } as const;

/** Where a ticket stands (the rules of moving it are server/support/ticket-rules.ts). */
export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed', 'reopened', 'not_solved'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_KINDS = ['ticket', 'grievance'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
/** What the offline form asks about. */
export const REQUEST_TYPES = [
  'order',
  'delivery',
  'product',
  'repair',
  'return',
  'payment',
  'account',
  'other',
] as const;
/** What a grievance (complaint) is about. */
export const GRIEVANCE_TYPES = ['order', 'delivery', 'refund', 'repair', 'trade-in', 'staff', 'other'] as const;
export const APPOINTMENT_STATES = ['confirmed', 'cancelled', 'completed', 'no_show'] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];

export const ticketSchema = {
  type: 'object',
  required: [
    'id',
    'number',
    'kind',
    'request_type',
    'status',
    'escalation_level',
    'name',
    'email',
    'order_id',
    'feedback',
    'summary',
    'message_count',
    'due_at',
    'first_response_at',
    'completed_at',
    'visible_until',
    'created_at',
    'updated_at',
    'can_reply',
    'can_reopen',
    'can_feedback',
    'has_account',
    'priority',
  ],
  properties: {
    id: str,
    number: str,
    kind: { enum: TICKET_KINDS },
    request_type: str,
    status: { enum: TICKET_STATUSES },
    escalation_level: { type: 'integer' },
    name: str,
    email: str,
    order_id: { type: ['string', 'null'] },
    feedback: { type: ['string', 'null'] },
    summary: str,
    message_count: { type: 'integer' },
    due_at: nullableInt,
    first_response_at: nullableInt,
    completed_at: nullableInt,
    visible_until: {
      ...nullableInt,
      description: 'completed tickets are shown until then (3 months after completion)',
    },
    created_at: { type: 'integer' },
    updated_at: { type: 'integer' },
    can_reply: { type: 'boolean' },
    can_reopen: { type: 'boolean' },
    can_feedback: { type: 'boolean' },
    has_account: {
      type: 'boolean',
      description: "a signed-in customer's ticket (answers go to their messages) or a visitor's (answers go by mail)",
    },
    priority: {
      type: 'boolean',
      description: 'the customer is in the priority club (owns a premium device): staff answer them first',
    },
  },
} as const;
export type TicketView = FromSchema<typeof ticketSchema>;

export const ticketMessageSchema = {
  type: 'object',
  required: ['id', 'author', 'body', 'at'],
  properties: { id: str, author: { enum: ['customer', 'staff'] }, body: str, at: { type: 'integer' } },
} as const;
export type TicketMessageView = FromSchema<typeof ticketMessageSchema>;

export const centreSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'city',
    'address',
    'phone',
    'latitude',
    'longitude',
    'map_url',
    'services',
    'slot_minutes',
    'capacity',
    'timezone',
    'hours',
  ],
  properties: {
    id: str,
    name: str,
    city: str,
    address: str,
    postal_code: { type: ['string', 'null'] },
    phone: str,
    email: { type: ['string', 'null'] },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    map_url: str,
    services: { type: 'array', items: { enum: SERVICE_KINDS } },
    slot_minutes: { type: 'integer' },
    capacity: { type: 'integer' },
    timezone: str,
    hours: {
      type: 'array',
      items: {
        type: 'object',
        required: ['day', 'open', 'close'],
        properties: {
          day: { enum: WEEKDAYS },
          open: { type: ['string', 'null'] },
          close: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;
export type CentreView = FromSchema<typeof centreSchema>;

export const appointmentSchema = {
  type: 'object',
  required: [
    'id',
    'centre_id',
    'centre_name',
    'centre_city',
    'centre_address',
    'timezone',
    'service',
    'slot_start',
    'slot_end',
    'local_date',
    'local_time',
    'note',
    'state',
    'cancelled_by',
    'rescheduled',
    'created_at',
    'can_change',
    'change_until',
  ],
  properties: {
    id: str,
    centre_id: str,
    centre_name: str,
    centre_city: str,
    centre_address: str,
    timezone: str,
    service: { enum: SERVICE_KINDS },
    slot_start: { type: 'integer' },
    slot_end: { type: 'integer' },
    local_date: { ...str, description: 'the day in the centre’s time zone (YYYY-MM-DD)' },
    local_time: { ...str, description: 'the start in the centre’s time zone (HH:MM)' },
    note: { type: ['string', 'null'] },
    state: { enum: APPOINTMENT_STATES },
    cancelled_by: { type: ['string', 'null'] },
    rescheduled: { type: 'integer' },
    created_at: { type: 'integer' },
    can_change: {
      type: 'boolean',
      description: 'cancel or reschedule still allowed (confirmed, not inside the cut-off)',
    },
    change_until: nullableInt,
    customer_email: str,
    customer_name: { type: ['string', 'null'] },
  },
} as const;
export type AppointmentView = FromSchema<typeof appointmentSchema>;

export const chatMessage = {
  type: 'object',
  required: ['id', 'sender', 'body', 'created_at'],
  properties: {
    id: { type: 'integer' },
    sender: { enum: ['user', 'agent', 'staff'] },
    body: { type: 'string' },
    created_at: { type: 'string' },
  },
} as const;

export const chatMessagesAnswer = {
  type: 'object',
  required: ['conversation_id', 'messages'],
  properties: { conversation_id: { type: 'string' }, messages: { type: 'array', items: chatMessage } },
} as const;
export type ChatMessagesAnswer = FromSchema<typeof chatMessagesAnswer>;

export const staffChatsAnswer = {
  type: 'object',
  required: ['chats'],
  properties: {
    chats: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'url_local', 'needs_staff', 'who', 'last_body', 'last_message_at', 'priority'],
        properties: {
          id: { type: 'string' },
          url_local: { type: 'string' },
          needs_staff: { type: 'boolean' },
          who: { type: 'string' },
          last_body: { type: ['string', 'null'] },
          last_message_at: { type: ['integer', 'null'] },
          priority: {
            type: 'boolean',
            description: 'a priority club customer (owns a premium device): answered first',
          },
        },
      },
    },
  },
} as const;
export type StaffChatsAnswer = FromSchema<typeof staffChatsAnswer>;

/** A chat message as staff read it: the same as the shopper's. */
export type StaffChatMessageView = FromSchema<typeof chatMessage>;

export const staffChatsMessagesAnswer = {
  type: 'object',
  required: ['messages'],
  properties: { messages: { type: 'array', items: chatMessage } },
} as const;
export type StaffChatsMessagesAnswer = FromSchema<typeof staffChatsMessagesAnswer>;

export const staffChatsReplyAnswer = {
  type: 'object',
  required: ['message'],
  properties: { message: chatMessage },
} as const;
export type StaffChatsReplyAnswer = FromSchema<typeof staffChatsReplyAnswer>;

const int = { type: 'integer' } as const;

export const storageSchema = {
  type: 'object',
  required: ['user_id', 'email', 'files', 'bytes', 'pending_files', 'pending_bytes', 'quota'],
  properties: {
    user_id: int,
    email: { type: 'string' },
    files: int,
    bytes: int,
    pending_files: { ...int, description: 'files not attached to a request, review or application yet' },
    pending_bytes: int,
    quota: {
      type: 'object',
      required: ['files', 'bytes', 'pending_files', 'pending_bytes', 'address_bytes_per_day'],
      properties: {
        files: int,
        bytes: int,
        pending_files: int,
        pending_bytes: int,
        address_bytes_per_day: { ...int, description: 'per client address and UTC day, whichever account' },
      },
    },
  },
} as const;
export type StorageView = FromSchema<typeof storageSchema>;

export const supportServiceCentresAnswer = {
  type: 'object',
  required: ['centres', 'cities', 'services', 'rules'],
  properties: {
    centres: { type: 'array', items: centreSchema },
    cities: { type: 'array', items: { type: 'string' } },
    services: { type: 'array', items: { enum: SERVICE_KINDS } },
    rules: {
      type: ['object', 'null'],
      required: ['change_cutoff_hours', 'min_lead_minutes', 'booking_horizon_days'],
      properties: {
        change_cutoff_hours: { type: 'integer' },
        min_lead_minutes: { type: 'integer' },
        booking_horizon_days: { type: 'integer' },
      },
    },
  },
} as const;
export type SupportServiceCentresAnswer = FromSchema<typeof supportServiceCentresAnswer>;

export const supportServiceCentresSlotsAnswer = {
  type: 'object',
  required: ['centre_id', 'date', 'dates', 'slots'],
  properties: {
    centre_id: { type: 'string' },
    date: { type: 'string' },
    dates: { type: 'array', items: { type: 'string' } },
    slots: {
      type: 'array',
      items: {
        type: 'object',
        required: ['start', 'end', 'time', 'left', 'bookable'],
        properties: {
          start: { type: 'integer' },
          end: { type: 'integer' },
          time: { type: 'string' },
          left: { type: 'integer' },
          bookable: { type: 'boolean' },
        },
      },
    },
  },
} as const;
export type SupportServiceCentresSlotsAnswer = FromSchema<typeof supportServiceCentresSlotsAnswer>;

export const appointmentAnswer = {
  type: 'object',
  required: ['appointment'],
  properties: { appointment: appointmentSchema },
} as const;
export type AppointmentAnswer = FromSchema<typeof appointmentAnswer>;

export const supportAppointmentsMineAnswer = {
  type: 'object',
  required: ['appointments'],
  properties: { appointments: { type: 'array', items: appointmentSchema } },
} as const;
export type SupportAppointmentsMineAnswer = FromSchema<typeof supportAppointmentsMineAnswer>;

export const heldRequestAnswer = {
  type: 'object',
  required: ['email', 'expires_hours'],
  properties: { email: { type: 'string' }, expires_hours: { type: 'integer' } },
} as const;
export type HeldRequestAnswer = FromSchema<typeof heldRequestAnswer>;

export const ticketThreadAnswer = {
  type: 'object',
  required: ['ticket', 'messages'],
  properties: { ticket: ticketSchema, messages: { type: 'array', items: ticketMessageSchema } },
} as const;
export type TicketThreadAnswer = FromSchema<typeof ticketThreadAnswer>;

/** A confirmed offline request: its new ticket, and a link token so the page can show and answer it at once. */
export const supportTicketsOfflineConfirmAnswer = {
  type: 'object',
  required: ['ticket', 'messages', 'token'],
  properties: { ...ticketThreadAnswer.properties, token: { type: 'string' } },
} as const;
export type SupportTicketsOfflineConfirmAnswer = FromSchema<typeof supportTicketsOfflineConfirmAnswer>;

export const ticketListAnswer = {
  type: 'object',
  required: ['tickets'],
  properties: { tickets: { type: 'array', items: ticketSchema } },
} as const;
export type TicketListAnswer = FromSchema<typeof ticketListAnswer>;

export const staffTicketsAnswer = {
  type: 'object',
  required: ['tickets'],
  properties: { tickets: { type: 'array', items: ticketSchema } },
} as const;
export type StaffTicketsAnswer = FromSchema<typeof staffTicketsAnswer>;

export const staffTicket = {
  type: 'object',
  required: ['ticket', 'messages', 'next_statuses'],
  properties: {
    ticket: ticketSchema,
    messages: { type: 'array', items: ticketMessageSchema },
    next_statuses: { type: 'array', items: { enum: TICKET_STATUSES } },
  },
} as const;
export type StaffTicketView = FromSchema<typeof staffTicket>;

export const staffAppointmentsAnswer = {
  type: 'object',
  required: ['appointments'],
  properties: { appointments: { type: 'array', items: appointmentSchema } },
} as const;
export type StaffAppointmentsAnswer = FromSchema<typeof staffAppointmentsAnswer>;

export const staffAppointmentsUpdateAnswer = {
  type: 'object',
  required: ['appointment'],
  properties: { appointment: appointmentSchema },
} as const;
export type StaffAppointmentsUpdateAnswer = FromSchema<typeof staffAppointmentsUpdateAnswer>;

/** The number of times an unanswered ticket is escalated (every 12 hours), at most. */
export const MAX_ESCALATION = 3;

export const staffChatIdQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 40 } },
} as const;

/** Staff answer a chat. */
export const staffChatReplyBody = {
  type: 'object',
  required: ['id', 'body'],
  properties: {
    id: { type: 'string', maxLength: 40 },
    body: { type: 'string', minLength: 1, maxLength: 1000 },
  },
} as const;
export type StaffChatReplyBody = FromSchema<typeof staffChatReplyBody>;

export const ticketIdBody = {
  type: 'object',
  properties: { id: { type: 'string', maxLength: 24 }, token: { type: 'string', maxLength: 64 } },
} as const;

export const appointmentIdBody = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 24 } },
} as const;

export const serviceCentresQuery = { type: 'object', properties: { city: { type: 'string', maxLength: 80 } } } as const;

export const serviceCentreSlotsQuery = {
  type: 'object',
  required: ['centreId'],
  properties: {
    centreId: { type: 'string', maxLength: 64 },
    date: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
  },
} as const;

export const appointmentBookBody = {
  type: 'object',
  required: ['centreId', 'service', 'start'],
  properties: {
    centreId: { type: 'string', maxLength: 64 },
    service: { type: 'string', maxLength: 40 },
    start: { type: 'integer', description: 'the slot start (ms since epoch) as the slots call lists it' },
    note: { type: 'string', maxLength: 500 },
  },
} as const;
export type AppointmentBookBody = FromSchema<typeof appointmentBookBody>;

export const appointmentRescheduleBody = {
  type: 'object',
  required: ['id', 'start'],
  properties: { id: { type: 'string', maxLength: 24 }, start: { type: 'integer' } },
} as const;
export type AppointmentRescheduleBody = FromSchema<typeof appointmentRescheduleBody>;

export const offlineTicketBody = {
  type: 'object',
  required: ['name', 'email', 'requestType', 'text'],
  properties: {
    name: { type: 'string', maxLength: 200 },
    email: { type: 'string', maxLength: 200 },
    requestType: { type: 'string', maxLength: 40 },
    text: { type: 'string', maxLength: 4000 },
    orderId: { type: 'string', maxLength: 24 },
  },
} as const;
export type OfflineTicketBody = FromSchema<typeof offlineTicketBody>;

export const offlineTicketConfirmBody = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', maxLength: 64 } },
} as const;
export type OfflineTicketConfirmBody = FromSchema<typeof offlineTicketConfirmBody>;

export const grievanceBody = {
  type: 'object',
  required: ['category', 'text'],
  properties: {
    category: { type: 'string', maxLength: 40 },
    text: { type: 'string', maxLength: 6000 },
    orderId: { type: 'string', maxLength: 24 },
    name: { type: 'string', maxLength: 200 },
  },
} as const;
export type GrievanceBody = FromSchema<typeof grievanceBody>;

export const ticketsMineQuery = { type: 'object', properties: { kind: { enum: ['ticket', 'grievance'] } } } as const;

export const ticketReplyBody = {
  ...ticketIdBody,
  required: ['text'],
  properties: { ...ticketIdBody.properties, text: { type: 'string', maxLength: 6000 } },
} as const;
export type TicketReplyBody = FromSchema<typeof ticketReplyBody>;

export const ticketFeedbackBody = {
  ...ticketIdBody,
  required: ['resolved'],
  properties: { ...ticketIdBody.properties, resolved: { type: 'boolean' } },
} as const;
export type TicketFeedbackBody = FromSchema<typeof ticketFeedbackBody>;

export const staffTicketsQuery = {
  type: 'object',
  properties: {
    status: { enum: ['active', 'all', ...TICKET_STATUSES] },
    kind: { enum: ['ticket', 'grievance'] },
    q: { type: 'string', maxLength: 100 },
  },
} as const;

export const staffTicketDetailQuery = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', maxLength: 24 } },
} as const;

export const staffTicketReplyBody = {
  type: 'object',
  required: ['id', 'text'],
  properties: { id: { type: 'string', maxLength: 24 }, text: { type: 'string', maxLength: 6000 } },
} as const;
export type StaffTicketReplyBody = FromSchema<typeof staffTicketReplyBody>;

export const staffTicketUpdateBody = {
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string', maxLength: 24 },
    status: { enum: TICKET_STATUSES },
    escalationLevel: { type: 'integer', minimum: 0, maximum: MAX_ESCALATION },
  },
} as const;
export type StaffTicketUpdateBody = FromSchema<typeof staffTicketUpdateBody>;

export const staffAppointmentsQuery = {
  type: 'object',
  properties: {
    centreId: { type: 'string', maxLength: 64 },
    date: { type: 'string', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' },
    state: { enum: APPOINTMENT_STATES },
  },
} as const;

export const staffAppointmentUpdateBody = {
  type: 'object',
  required: ['id', 'state'],
  properties: { id: { type: 'string', maxLength: 24 }, state: { enum: ['completed', 'no_show', 'cancelled'] } },
} as const;
export type StaffAppointmentUpdateBody = FromSchema<typeof staffAppointmentUpdateBody>;

export const chatMessageBody = {
  type: 'object',
  required: ['body'],
  properties: { body: { type: 'string', minLength: 1, maxLength: 1000 } },
} as const;
export type ChatMessageBody = FromSchema<typeof chatMessageBody>;

export const chatStreamQuery = {
  type: 'object',
  properties: { after: { type: 'integer', minimum: 0, default: 0 } },
} as const;

export const staffStorageQuery = {
  type: 'object',
  properties: {
    userId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    email: { type: 'string', maxLength: 200 },
  },
} as const;
