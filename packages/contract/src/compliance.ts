/** Compliance: a customer's Do Not Call (DNC) and Do Not Originate (DNO) lists. */
export const DNC_LIST_TYPES = ['DNC', 'DNO'] as const;
export type TDncListType = (typeof DNC_LIST_TYPES)[number];
