/**
 * dm-ioband, the device-mapper bandwidth controller of Ryo Tsuruta and Hirokazu Takahashi (VA Linux),
 * modelled at v1.12-era semantics with its {@code weight} and {@code weight-iosize} policies
 * (drivers/md/dm-ioband-ctl.c, dm-ioband-policy.c, dm-ioband.h; Documentation/device-mapper/ioband.txt).
 */
package org.iosched.biocontrol.ioband;
