/**
 * The named device presets, each a {@link org.iosched.api.BlockDeviceProvider} registered with
 * {@code @AutoService}: {@code hdd-7200}, {@code hdd-7200-ncq}, {@code sas-15k}, {@code ssd-x25m}, {@code nvme},
 * and the short names {@code hdd} and {@code ssd}. The figures are in {@link RotationalPresets} and
 * {@link SsdPresets}, with their sources.
 */
package org.iosched.device.preset;
