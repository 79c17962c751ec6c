import { describe, expect, it } from 'vitest';
import { roleErrors, validEmail, validMemberName, validMetadataKey, validRoleName, validRetentionDays, validSampleRate } from './validation.js';

describe('settings validation', () => {
  it('checks role names (diacritics allowed)', () => {
    expect(validRoleName('Support agents')).toBe(true);
    expect(validRoleName('Équipe_QA-2')).toBe(true);
    expect(validRoleName('')).toBe(false);
    expect(validRoleName('   ')).toBe(false);
    expect(validRoleName('dev<script>')).toBe(false);
    expect(validRoleName('a.b')).toBe(false);
  });
  it('checks metadata keys', () => {
    expect(validMetadataKey('plan')).toBe(true);
    expect(validMetadataKey('_user-id2')).toBe(true);
    expect(validMetadataKey('-x')).toBe(true);
    expect(validMetadataKey('2plan')).toBe(false);
    expect(validMetadataKey('has space')).toBe(false);
    expect(validMetadataKey('')).toBe(false);
  });
  it('checks member names and e-mails', () => {
    expect(validMemberName('José O’Neil'.replace('’', "'"))).toBe(true);
    expect(validMemberName('')).toBe(false);
    expect(validEmail('a@b.co')).toBe(true);
    expect(validEmail('a@b')).toBe(false);
  });
  it('needs a project unless the role covers all projects', () => {
    expect(roleErrors({ name: 'QA', allProjects: false, projects: [] })).toEqual(['Choose at least one project.']);
    expect(roleErrors({ name: 'QA', allProjects: false, projects: [1] })).toEqual([]);
    expect(roleErrors({ name: 'QA', allProjects: true, projects: [] })).toEqual([]);
  });
  it('checks the sample rate percentage', () => {
    expect(validSampleRate(0)).toBe(true);
    expect(validSampleRate(100)).toBe(true);
    expect(validSampleRate(101)).toBe(false);
    expect(validSampleRate(5.5)).toBe(false);
  });
  it('keeps recordings from 1 day to 10 years', () => {
    expect(validRetentionDays(1)).toBe(true);
    expect(validRetentionDays(180)).toBe(true);
    expect(validRetentionDays(3650)).toBe(true);
    expect(validRetentionDays(0)).toBe(false);
    expect(validRetentionDays(3651)).toBe(false);
    expect(validRetentionDays(1.5)).toBe(false);
    expect(validRetentionDays(Number.NaN)).toBe(false);
  });
});
