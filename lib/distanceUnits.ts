/** Kilometres in an international mile: the one conversion between the two distance units of the contract (MI, KM). */
export const KM_PER_MILE = 1.609344;
