/** Small decorative icons; the text next to each carries the meaning. */
import type { ReactNode } from 'react';

interface IconProps {
  className?: string;
}

function Icon({ className = '', children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      className={`h-4 w-4 shrink-0 ${className}`}
    >
      {children}
    </svg>
  );
}

export function CalendarIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <rect x="3" y="4.5" width="14" height="12" rx="2" />
      <path d="M3 8.5h14M7 3v3M13 3v3" strokeLinecap="round" />
    </Icon>
  );
}

export function ClockIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <circle cx="10" cy="10" r="7" />
      <path d="M10 6.5V10l2.5 1.5" strokeLinecap="round" />
    </Icon>
  );
}

export function PinIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <path d="M10 17s5.5-5 5.5-9a5.5 5.5 0 1 0-11 0c0 4 5.5 9 5.5 9Z" />
      <circle cx="10" cy="8" r="2" />
    </Icon>
  );
}

export function PeopleIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <circle cx="7.5" cy="7" r="2.5" />
      <path d="M2.5 16c.5-3 2.5-4.5 5-4.5s4.5 1.5 5 4.5" strokeLinecap="round" />
      <circle cx="14" cy="7.5" r="2" />
      <path d="M13.5 11.5c2 0 3.5 1.2 4 3.5" strokeLinecap="round" />
    </Icon>
  );
}

export function ShareIcon({ className }: IconProps) {
  return (
    <Icon className={className}>
      <circle cx="14.5" cy="5" r="2" />
      <circle cx="5.5" cy="10" r="2" />
      <circle cx="14.5" cy="15" r="2" />
      <path d="m7.3 9 5.4-3M7.3 11l5.4 3" strokeLinecap="round" />
    </Icon>
  );
}
