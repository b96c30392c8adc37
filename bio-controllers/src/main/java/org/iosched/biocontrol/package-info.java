/**
 * Bio controllers: layers between the OS model and the request queue that hold bios and release them later
 * ({@link org.iosched.api.BioController}). {@code ioband} models dm-ioband (a device-mapper target,
 * v1.12-era), {@code throttle} the blkio throttling policy of Linux 2.6.37 ({@code block/blk-throttle.c}).
 * Shared here: the jiffy clock both kernels count in and the parsing of {@code --set} keys that name cgroups.
 */
package org.iosched.biocontrol;
