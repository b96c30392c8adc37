/**
 * dm-ioband, the device-mapper bandwidth controller of Ryo Tsuruta and Hirokazu Takahashi (VA Linux),
 * modelled at v1.12-era semantics with its {@code weight} and {@code weight-iosize} policies
 * (drivers/md/dm-ioband-ctl.c, dm-ioband-policy.c, dm-ioband.h; Documentation/device-mapper/ioband.txt).
 *
 * <p>Public: the provider ({@code ioband}), the controller, its configuration and the policy names. Internal: a
 * group's state ({@code IobandGroup}, {@code struct ioband_group}) and the token accounting of the weight policies
 * ({@code WeightPolicy}, dm-ioband-policy.c).
 */
package org.iosched.biocontrol.ioband;
