package dev.chokepoint.agent.probe;

/**
 * Defines one class from given bytes in a loader of its own, which delegates every other class to
 * the test's loader: how the weaving tests load a woven class beside the original (and have the
 * JVM verify it).
 */
public final class OwnLoader extends ClassLoader {

    private final String name;
    private final byte[] classFile;

    private OwnLoader(String name, byte[] classFile) {
        super(OwnLoader.class.getClassLoader());
        this.name = name;
        this.classFile = classFile;
    }

    /** Class {@code name} ({@code a.b.C}) defined from {@code classFile}. */
    public static Class<?> define(String name, byte[] classFile) throws ClassNotFoundException {
        return new OwnLoader(name, classFile).loadClass(name);
    }

    @Override
    protected Class<?> loadClass(String className, boolean resolve) throws ClassNotFoundException {
        if (!className.equals(name)) {
            return super.loadClass(className, resolve);
        }
        synchronized (getClassLoadingLock(className)) {
            Class<?> defined = findLoadedClass(className);
            return defined != null ? defined : defineClass(className, classFile, 0, classFile.length);
        }
    }
}
