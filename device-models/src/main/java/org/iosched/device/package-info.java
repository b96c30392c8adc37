/**
 * Block device models for iosched: rotational disks ({@link org.iosched.device.rotational}), SSDs
 * ({@link org.iosched.device.ssd}) and the named presets that register them ({@link org.iosched.device.preset}).
 *
 * <p>Every device figure lives in a preset table; the models take their parameters from
 * {@link org.iosched.api.Settings} and hold no figure of their own. Sources: {@code shared/reference/devices-os.md}.
 */
package org.iosched.device;
