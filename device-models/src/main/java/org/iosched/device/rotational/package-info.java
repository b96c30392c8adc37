/**
 * The rotational disk model: zoned geometry, the three-point seek curve, a platter that keeps turning, the
 * on-drive cache (read-ahead segments, write-back buffer, FLUSH/FUA) and NCQ/TCQ reordering.
 * Sources: {@code shared/reference/devices-os.md} §1 and §5 A–C.
 */
package org.iosched.device.rotational;
