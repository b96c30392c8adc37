package org.iosched.it;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of ARCHITECTURE.md, enforced: plugins (CFQ, deadline, devices, workloads) know
 * scheduler-api only; scheduler-api knows the JDK only; only the runner touches a logging backend.
 */
class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importClasses() {
        classes = new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.iosched");
    }

    @Test
    void pluginsDependOnSchedulerApiOnly() {
        classes().that().resideInAnyPackage("org.iosched.scheduler..", "org.iosched.device..", "org.iosched.workload..",
                        "org.iosched.biocontrol..")
                .should().onlyDependOnClassesThat()
                .resideInAnyPackage("java..", "org.iosched.api..", "org.iosched.scheduler..", "org.iosched.device..",
                        "org.iosched.workload..", "org.iosched.biocontrol..", "com.google.auto.service..")
                .because("plugins are written against scheduler-api alone, as a third party's are")
                .check(classes);
    }

    @Test
    void pluginPackagesDoNotReachEachOther() {
        noClasses().that().resideInAPackage("org.iosched.scheduler..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iosched.device..", "org.iosched.workload..")
                .check(classes);
        noClasses().that().resideInAPackage("org.iosched.device..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iosched.scheduler..", "org.iosched.workload..")
                .check(classes);
        noClasses().that().resideInAPackage("org.iosched.workload..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iosched.scheduler..", "org.iosched.device..")
                .check(classes);
    }

    @Test
    void schedulerApiDependsOnTheJdkOnly() {
        classes().that().resideInAPackage("org.iosched.api..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "org.iosched.api..")
                .check(classes);
    }

    @Test
    void simulatorNeverReachesTheRunnerOrPlugins() {
        noClasses().that().resideInAPackage("org.iosched.simulator..")
                .should().dependOnClassesThat().resideInAnyPackage("org.iosched.runner..", "org.iosched.scheduler..",
                        "org.iosched.device..", "org.iosched.workload..", "org.iosched.biocontrol..")
                .check(classes);
    }

    @Test
    void onlyTheRunnerUsesALoggingBackend() {
        noClasses().that().resideOutsideOfPackage("org.iosched.runner..")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.logging..")
                .check(classes);
    }
}
