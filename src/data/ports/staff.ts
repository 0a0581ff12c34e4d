export interface StaffDashboard {
  users: number;
  /** Accounts created in the last NEW_USERS_WINDOW_DAYS days. */
  newUsers: number;
  /** Events recruiting (status open) from today on. */
  openEvents: number;
  pendingRequests: number;
  openReports: number;
}

export interface UserActivity {
  organizedEvents: number;
  joinedEvents: number;
  /** Open reports about this user's content (they are its subject). */
  openReportsAbout: number;
  reportsFiled: number;
}

export interface AdminSetupState {
  /** config/admin lists at least one admin. */
  adminExists: boolean;
}
