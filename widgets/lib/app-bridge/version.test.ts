import { describe, expect, it } from 'vitest';
import { atLeast, cleanVersion, compareVersions } from './version';

describe('app versions', () => {
  it('compare part by part as numbers, a missing part as 0', () => {
    expect(compareVersions('3.9.1', '3.17.0')).toBeLessThan(0);
    expect(compareVersions('3.17', '3.17.0')).toBe(0);
    expect(compareVersions('4.0.0', '3.17.9')).toBeGreaterThan(0);
    expect(atLeast('3.17.0', '3.17.0')).toBe(true);
    expect(atLeast('3.16.99', '3.17.0')).toBe(false);
    expect(atLeast('3.17.0.1', '3.17.0')).toBe(true);
  });

  it('put a pre-release before its release and ignore the build', () => {
    expect(atLeast('3.17.0-beta.2', '3.17.0')).toBe(false);
    expect(atLeast('3.17.1-beta.1', '3.17.0')).toBe(true);
    expect(compareVersions('3.17.0+514', '3.17.0')).toBe(0);
  });

  it('read only what looks like a version', () => {
    expect(cleanVersion(' 3.18.2 ')).toBe('3.18.2');
    expect(cleanVersion('3.18.2-rc.1+77')).toBe('3.18.2-rc.1+77');
    expect(cleanVersion('latest')).toBeNull();
    expect(cleanVersion('3.18.2<script>')).toBeNull();
    expect(cleanVersion(318)).toBeNull();
    expect(compareVersions('nonsense', '0.0.1')).toBeLessThan(0);
  });
});
