import type { Page } from '@/domain/entities/common';
import type { Team } from '@/domain/entities/team';

export interface TeamInput {
  name: string;
  description: string;
  sportType: string;
  region: string;
  level: string;
  maxMembers: number;
  imageURL: string;
  imagePath: string;
}

export interface TeamsPort {
  list(cursor?: string | null): Promise<Page<Team>>;
  get(id: string): Promise<Team | null>;
  create(input: TeamInput): Promise<string>;
  update(id: string, patch: Partial<TeamInput>): Promise<void>;
}
