import { describe, expect, it } from '@jest/globals';
import { legsFor } from './route.js';

describe('language router', () => {
  it('skips the sparse leg of the language the query does not use; dense always runs', () => {
    expect(legsFor('en')).toEqual({ run: ['dense', 'sparse_en'], skip: ['sparse_ar'] });
    expect(legsFor('ar')).toEqual({ run: ['dense', 'sparse_ar'], skip: ['sparse_en'] });
    expect(legsFor('mixed')).toEqual({ run: ['dense', 'sparse_en', 'sparse_ar'], skip: [] });
  });
});
