/**
 * ticketing-shop §4 Delivery: removing one specific event product (by its fixed identifier) also
 * removes another specific linked product. In the demo the spring run's medal box comes with the
 * medal holder; the identifiers are the seed's stable product ids (`stablePublicId('product:<key>')`
 * in demo-site/server), so they are the same on every fresh start.
 */
export const FIXED_EVENT_PRODUCT_ID = '933515554cf976961f750fca'; // spring-medal-box
export const FIXED_LINKED_PRODUCT_ID = 'edbc1bf35adff6e226fcd328'; // medal-holder

/** The fixed event product → the product that leaves with it (basket-items deleteLine's `fixedLinks`). */
export const fixedProductLinks: Readonly<Record<string, string>> = { [FIXED_EVENT_PRODUCT_ID]: FIXED_LINKED_PRODUCT_ID };
