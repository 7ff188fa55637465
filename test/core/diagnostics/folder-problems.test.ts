import { describe, expect, it } from 'vitest';
import { LOW_SPACE, NO_SPACE, folderProblems } from '../../../src/core/diagnostics/folder-problems';
import type { FolderFacts } from '../../../src/shared/diagnostics';

const folder = (facts: Partial<FolderFacts>): FolderFacts => ({ path: '/data', exists: true, writable: true, freeBytes: 50 * LOW_SPACE, totalBytes: 100 * LOW_SPACE, ...facts });
const codes = (facts: Partial<FolderFacts>, role: 'data' | 'download') => folderProblems(folder(facts), role).map(({ code, essential }) => ({ code, essential }));

describe('folderProblems', () => {
  it('finds nothing wrong with a writable folder on a roomy disk, nor when the system cannot tell the space', () => {
    expect(codes({}, 'data')).toEqual([]);
    expect(codes({ freeBytes: null, totalBytes: null }, 'download')).toEqual([]);
  });

  it('warns below 1 GiB free and calls it essential below 100 MiB', () => {
    expect(codes({ freeBytes: LOW_SPACE }, 'data')).toEqual([]);
    expect(codes({ freeBytes: LOW_SPACE - 1 }, 'data')).toEqual([{ code: 'data_dir_low_space', essential: false }]);
    expect(codes({ freeBytes: NO_SPACE - 1 }, 'download')).toEqual([{ code: 'download_dir_low_space', essential: true }]);
    expect(folderProblems(folder({ freeBytes: 300 * 1024 ** 2 }), 'data')[0]?.message).toBe('Only 300 MiB are free on the disk of the data folder (/data).');
  });

  it('reports a folder that cannot be written (or created) as essential, with where to choose another', () => {
    const [data] = folderProblems(folder({ writable: false, exists: false, freeBytes: 0 }), 'data');
    expect(data).toMatchObject({ code: 'data_dir_unwritable', essential: true, message: 'The data folder (/data) cannot be written or created.' });
    expect(data?.fix).toContain('TROVE_DATA_DIR');
    const [download] = folderProblems(folder({ writable: false }), 'download');
    expect(download).toMatchObject({ code: 'download_dir_unwritable', essential: true, message: 'The download folder (/data) cannot be written.' });
    expect(download?.fix).toContain('Settings → Downloads');
  });
});
